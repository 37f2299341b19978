import { LitElement, html, css } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { DecodeResult, Problem } from '../src/generated/contract.js';
import { decodeIdentifier, type HttpExchange } from './api-client.js';
import { browserStorage, clearRecentLookups, readRecentLookups, rememberLookup, type RecentLookup } from './recent-lookups-store.js';
import { resultAnnouncement } from './result-labels.js';
import { sharedStyles } from './shared-styles.js';
import './identifier-input.js';
import './quick-picks.js';
import './recent-lookups.js';
import './result-card.js';
import './suggestion-links.js';
import './raw-exchange.js';
import './api-key-panel.js';

/**
 * vino's vehicle-origin decoder: type a VIN or JDM chassis number (or choose an example) and see its
 * corporate origin, its assembly plant and whether they agree. Embeddable on any page; point
 * `api-base` at the vino server when the page lives on another origin.
 *
 * @fires decoded - `detail.result` is the DecodeResult just shown.
 * @fires decode-failed - `detail.message` is the readable error; `detail.problem` the problem+json body or null.
 * @fires api-key-created - from the key panel; `detail` is `{ id, label, prefix, createdAt }`.
 * @csspart input - the identifier text box.
 * @csspart counter - the `n / 17` counter.
 * @csspart warning - the I/O/Q warning.
 * @csspart error - the readable error beside the input.
 * @csspart decode-button - the Decode button.
 * @csspart pick - each quick-pick button.
 * @csspart lookup - each recent-lookup button.
 * @csspart clear-button - the button that clears recent lookups.
 * @csspart suggestions - the "Did you mean …?" group of corrected VINs.
 * @csspart suggestion - each corrected VIN's link (choosing one decodes it).
 * @csspart verdict - the verdict banner (with `data-alignment`).
 * @csspart section - each group of the result.
 * @csspart raw - the collapsible raw request/response view.
 * @csspart key-form - the key generator's form.
 * @csspart generate-button - its button.
 * @csspart new-key - the box showing a new key.
 */
@customElement('vin-origin-decoder')
export class VinOriginDecoder extends LitElement {
  static override styles = [sharedStyles, css`
    :host { display: block; container-type: inline-size; }
    /* minmax(0, …) tracks stop a long line in the raw view from widening the page past a phone screen. */
    .layout, .results, .side { display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr); align-content: start; }
    .placeholder { margin: 0; }
    @container (min-width: 52rem) {
      .layout { grid-template-columns: minmax(0, 1fr) 17rem; }
      .keys { grid-column: 1 / -1; }
    }
  `];

  /** Origin of the vino server, e.g. `https://vino.example`; '' calls the page's own origin. */
  @property({ attribute: 'api-base' }) apiBase = '';

  @state() private _value = '';
  @state() private _busy = false;
  @state() private _error = '';
  @state() private _result: DecodeResult | null = null;
  @state() private _problem: Problem | null = null;
  @state() private _exchange: HttpExchange | null = null;
  @state() private _announcement = '';
  @state() private _recent: RecentLookup[] = readRecentLookups(browserStorage());
  /** Counts decodes so a slow answer to an earlier one cannot replace the answer to a later one. */
  private _latestDecode = 0;

  override render() {
    return html`
      <div class="layout">
        <div class="results">
          <vin-identifier-input class="card" .value=${this._value} ?busy=${this._busy} .error=${this._error}
            exportparts="input, counter, warning, error, decode-button"
            @identifier-changed=${this._onIdentifierChanged}
            @decode-requested=${(event: CustomEvent<{ identifier: string }>) => this.decode(event.detail.identifier)}></vin-identifier-input>
          <vin-suggestion-links .suggestions=${this._result?.validation.suggestions ?? this._problem?.suggestions ?? []}
            exportparts="suggestions, suggestion" @pick=${this._onPick}></vin-suggestion-links>
          <p class="visually-hidden" role="status" aria-live="polite">${this._announcement}</p>
          <div aria-busy=${this._busy ? 'true' : 'false'}>
            ${this._result
              ? html`<vin-result-card .result=${this._result} exportparts="verdict, section"></vin-result-card>`
              : html`<p class="placeholder muted card">Decode an identifier, or choose a quick pick, to see where the vehicle comes from.</p>`}
          </div>
          <vin-raw-exchange .exchange=${this._exchange} exportparts="raw"></vin-raw-exchange>
        </div>
        <div class="side">
          <vin-quick-picks class="card" exportparts="pick" @pick=${this._onPick}></vin-quick-picks>
          <vin-recent-lookups class="card" .lookups=${this._recent} exportparts="lookup, clear-button"
            @pick=${this._onPick} @clear=${this._onClearRecent}></vin-recent-lookups>
        </div>
        <vin-api-key-panel class="card keys" api-base=${this.apiBase} exportparts="key-form, generate-button, new-key"></vin-api-key-panel>
      </div>
    `;
  }

  /** Decodes `identifier` as if it had been typed and submitted; resolves once the result or error shows. */
  async decode(identifier: string): Promise<void> {
    const decodeNumber = ++this._latestDecode;
    this._value = identifier;
    this._busy = true;
    this._error = '';
    const outcome = await decodeIdentifier(this.apiBase, identifier);
    if (decodeNumber !== this._latestDecode) return;
    this._busy = false;
    this._exchange = outcome.exchange;
    this._problem = outcome.ok ? null : outcome.problem;
    if (outcome.ok) {
      this._result = outcome.body;
      this._announcement = resultAnnouncement(outcome.body);
      const { originAlignment, verdict } = outcome.body.summary;
      this._recent = rememberLookup(browserStorage(), { identifier: outcome.body.identifier, originAlignment, verdict });
      this._emit('decoded', { result: outcome.body });
    } else {
      this._result = null;
      this._error = outcome.message;
      this._announcement = '';
      this._emit('decode-failed', { message: outcome.message, problem: outcome.problem satisfies Problem | null });
    }
  }

  /** An error about the previous text would mislead once the text changes. */
  private _onIdentifierChanged(event: CustomEvent<{ value: string }>) {
    this._value = event.detail.value;
    this._error = '';
    this._problem = null;
  }

  private _onPick(event: CustomEvent<{ identifier: string }>) {
    void this.decode(event.detail.identifier);
  }

  private _onClearRecent() {
    clearRecentLookups(browserStorage());
    this._recent = [];
  }

  private _emit(type: string, detail: unknown) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'vin-origin-decoder': VinOriginDecoder;
  }
}
