import { LitElement, html, css } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { analyseIdentifier, excludedLetterWarning, positionRanges, VIN_LENGTH, type IdentifierAnalysis } from './identifier-analysis.js';
import { sharedStyles } from './shared-styles.js';

/**
 * The identifier box: a live `n / 17` counter (which says when the text will be read as a partial
 * VIN, `*` marking unknown positions or the first 11-16 positions alone), a warning the moment I, O or Q is typed (naming the
 * positions), and the readable error of the last failed decode. Enter or the button asks for a decode.
 *
 * @fires decode-requested - `detail.identifier` is the normalised identifier (uppercase, no spaces).
 * @fires identifier-changed - on every keystroke; `detail.value` is the raw text.
 * @csspart input - the text box.
 * @csspart counter - the `n / 17` counter (or the chassis-number note).
 * @csspart warning - the I/O/Q warning.
 * @csspart error - the message of the last failed decode.
 * @csspart decode-button - the Decode button.
 */
@customElement('vin-identifier-input')
export class VinIdentifierInput extends LitElement {
  static override styles = [sharedStyles, css`
    :host { display: block; }
    .row { display: flex; gap: 0.5rem; }
    input { font-size: 1.15rem; letter-spacing: 0.06em; text-transform: uppercase; }
    input::placeholder { text-transform: none; letter-spacing: normal; }
    .meta { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.25rem 1rem; margin-top: 0.35rem; font-size: 0.9rem; }
    .counter[data-state='complete'] { color: var(--vino-ok, #1a7f37); font-weight: 600; }
    .counter[data-state='long'] { color: var(--vino-error, #b42318); font-weight: 600; }
    .counter[data-state='partial'], .counter[data-partial] { color: var(--vino-warn-text, #7a4b00); font-weight: 600; }
    .warning:not(:empty) { color: var(--vino-warn-text, #7a4b00); background: var(--vino-warn-surface, #fff4d6); border-radius: var(--vino-radius, 6px); padding: 0.35rem 0.6rem; margin: 0.5rem 0 0; }
    .error:not(:empty) { margin: 0.5rem 0 0; font-weight: 600; }
    p:empty { margin: 0; }
  `];

  /** The text in the box; set it to fill the box (a quick pick does). */
  @property() value = '';

  /** True while a decode is in flight: the button shows it and ignores presses. */
  @property({ type: Boolean }) busy = false;

  /** Readable message of the last failed decode, shown under the box; '' for none. */
  @property() error = '';

  override render() {
    const analysis = analyseIdentifier(this.value);
    const warning = excludedLetterWarning(analysis.counted, analysis.excludedLetterPositions);
    return html`
      <form @submit=${this._onSubmit} novalidate>
        <label for="identifier">VIN or JDM chassis number</label>
        <div class="row">
          <input id="identifier" part="input" name="identifier" .value=${this.value} @input=${this._onInput}
            autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="40"
            placeholder="e.g. 1HGCM82633A004352 or JZA80-1004956"
            aria-describedby="counter warning error" aria-invalid=${this.error || warning ? 'true' : 'false'} />
          <button class="primary" type="submit" part="decode-button" ?disabled=${this.busy} aria-busy=${this.busy ? 'true' : 'false'}>
            ${this.busy ? 'Decoding…' : 'Decode'}
          </button>
        </div>
        <div class="meta">
          <span id="counter" class="counter" part="counter" data-state=${analysis.lengthState}
            ?data-partial=${analysis.unknownPositions.length > 0}>${counterText(analysis)}</span>
          <span class="muted">Enter decodes</span>
        </div>
        <p id="warning" class="warning" part="warning" role="status" aria-live="polite">${warning}</p>
        <p id="error" class="error" part="error" role="alert">${this.error}</p>
      </form>
    `;
  }

  private _onInput(event: InputEvent) {
    this.value = (event.target as HTMLInputElement).value;
    this.dispatchEvent(new CustomEvent('identifier-changed', { detail: { value: this.value }, bubbles: true }));
  }

  private _onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const { normalised } = analyseIdentifier(this.value);
    if (this.busy || normalised === '') return;
    this.dispatchEvent(new CustomEvent('decode-requested', { detail: { identifier: normalised }, bubbles: true }));
  }
}

/** A chassis number has no fixed length, so it gets a note instead of a count against 17. */
function counterText(analysis: IdentifierAnalysis): string {
  if (analysis.lengthState === 'chassis') return `JDM chassis number · ${analysis.length} characters`;
  const unknown = analysis.unknownPositions;
  if (unknown.length === 0) return `${analysis.length} / ${VIN_LENGTH}`;
  return `${analysis.length} / ${VIN_LENGTH} · partial VIN: position${unknown.length > 1 ? 's' : ''} ${positionRanges(unknown)} unknown`;
}

declare global {
  interface HTMLElementTagNameMap {
    'vin-identifier-input': VinIdentifierInput;
  }
}
