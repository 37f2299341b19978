// vPIC pattern keys: positions 4-8, then '|', then positions 10-17; each position is a character,
// '*' (any) or a '[..]' class such as [0-4] or [ABC].
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

export function tokenize(part: string): string[] {
  const tokens: string[] = [];
  for (let i = 0; i < part.length; i++) {
    if (part[i] === '[') {
      const end = part.indexOf(']', i);
      if (end < 0) throw new Error(`unclosed class in ${part}`);
      tokens.push(part.slice(i, end + 1));
      i = end;
    } else tokens.push(part[i]!);
  }
  return tokens;
}

/** The VIN characters a token admits ('*' admits all); characters outside the VIN alphabet are dropped. */
export function expandToken(token: string): string[] {
  if (token === '*') return [...VIN_CHARS];
  if (!token.startsWith('[')) return VIN_CHARS.includes(token) ? [token] : [];
  const body = token.slice(1, -1);
  const out = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const from = body.charCodeAt(i), to = body.charCodeAt(i + 2);
      for (let c = from; c <= to; c++) out.add(String.fromCharCode(c));
      i += 2;
    } else out.add(body[i]!);
  }
  return [...VIN_CHARS].filter((c) => out.has(c));
}

export interface SplitKey {
  /** The position-11 token ('*' when the key does not reach it). */
  plantToken: string;
  /** The key with position 11 made a wildcard, trailing wildcards dropped; '' when nothing else is constrained. */
  rest: string;
}

export function splitPlantKey(keys: string): SplitKey {
  const [vdsPart = '', visPart = ''] = keys.split('|');
  const vds = tokenize(vdsPart);
  const vis = tokenize(visPart);
  const plantToken = vis[1] ?? '*';
  if (vis.length > 1) vis[1] = '*';
  while (vis.length > 0 && vis[vis.length - 1] === '*') vis.pop();
  while (vds.length > 0 && vds[vds.length - 1] === '*') vds.pop();
  if (vis.length === 0) return { plantToken, rest: vds.join('') };
  while (vds.length < 5) vds.push('*');
  return { plantToken, rest: `${vds.join('')}|${vis.join('')}` };
}
