// The header every generated file carries: what it was made from and how to make it again.
export function banner(sources: readonly string[]): string {
  return [
    '// GENERATED FILE: do not edit by hand.',
    `// Source: ${sources.join(', ')}`,
    '// Regenerate: npm run codegen',
    '',
  ].join('\n');
}
