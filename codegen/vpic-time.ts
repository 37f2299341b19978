// vPIC writes its edit times in two formats ('2015-03-04 10:33:34.057000' and
// '2026-03-12T04:06:32.407Z', some without fractions); precedence compares them as times, so the
// importer writes every one as 'YYYY-MM-DD HH:MM:SS.mmm', which sorts as text in time order.
const TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,7}))?Z?$/;

export function normaliseVpicTime(text: string | null): string {
  if (!text) return '';
  const m = TIME.exec(text.trim());
  if (!m) throw new Error(`unreadable vPIC time ${text}`);
  return `${m[1]} ${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}`;
}
