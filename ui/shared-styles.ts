/**
 * Styles every element shares. Colours, font and radius come from `--vino-*` custom properties so a
 * page embedding the component restyles it without reaching into shadow roots; each fallback here
 * is the default look.
 */
import { css } from 'lit';

export const sharedStyles = css`
  :host {
    font-family: var(--vino-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    color: var(--vino-text, #1b1f24);
    box-sizing: border-box;
  }
  *, *::before, *::after { box-sizing: inherit; }
  h2, h3 { margin: 0 0 0.5rem; line-height: 1.25; }
  h2 { font-size: 1.05rem; }
  h3 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--vino-muted, #57606a); }
  code, pre, .mono { font-family: var(--vino-mono-font, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace); }
  button {
    font: inherit;
    cursor: pointer;
    border-radius: var(--vino-radius, 6px);
    border: 1px solid var(--vino-border, #d0d7de);
    background: var(--vino-surface, #ffffff);
    color: inherit;
    padding: 0.4rem 0.75rem;
    min-height: 2.25rem;
  }
  button:hover { border-color: var(--vino-accent, #0b5cad); }
  button.primary { background: var(--vino-accent, #0b5cad); border-color: var(--vino-accent, #0b5cad); color: var(--vino-on-accent, #ffffff); font-weight: 600; }
  button:disabled { opacity: 0.6; cursor: progress; }
  button:focus-visible, input:focus-visible, summary:focus-visible {
    outline: 3px solid var(--vino-focus, #f0a500);
    outline-offset: 2px;
  }
  input {
    font: inherit;
    width: 100%;
    padding: 0.5rem 0.65rem;
    border-radius: var(--vino-radius, 6px);
    border: 1px solid var(--vino-border, #d0d7de);
    background: var(--vino-surface, #ffffff);
    color: inherit;
  }
  label { font-weight: 600; display: block; margin-bottom: 0.25rem; }
  .card {
    background: var(--vino-surface, #ffffff);
    border: 1px solid var(--vino-border, #d0d7de);
    border-radius: var(--vino-radius, 6px);
    padding: 1rem;
  }
  .muted { color: var(--vino-muted, #57606a); }
  .error { color: var(--vino-error, #b42318); }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;
