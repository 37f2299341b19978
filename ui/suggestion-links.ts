import { LitElement, html, css, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Suggestion } from '../src/generated/contract.js';
import { sharedStyles } from './shared-styles.js';

/**
 * "Did you mean …?": the corrected VINs the API suggests for a mistyped VIN (I, O or Q, or a
 * check digit that does not hold where it is mandatory), likeliest first, each a link that decodes
 * it, with the reason the correction is likely.
 *
 * @fires pick - `detail.identifier` is the chosen corrected VIN.
 * @csspart suggestions - the group of suggestions.
 * @csspart suggestion - each corrected VIN's link.
 */
@customElement('vin-suggestion-links')
export class VinSuggestionLinks extends LitElement {
  static override styles = [sharedStyles, css`
    :host { display: block; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.35rem; }
    h2 { margin-bottom: 0.35rem; }
    a { color: var(--vino-accent, #0b5cad); font-weight: 600; letter-spacing: 0.04em; }
    .reason { display: block; font-size: 0.85rem; }
  `];

  /** The suggestions to offer; nothing renders while there are none. */
  @property({ attribute: false }) suggestions: readonly Suggestion[] = [];

  override render() {
    if (this.suggestions.length === 0) return nothing;
    return html`
      <section class="card" part="suggestions" aria-labelledby="suggestions-title">
        <h2 id="suggestions-title">Suggested corrections</h2>
        <ul>
          ${this.suggestions.map((suggestion) => html`
            <li>
              Did you mean <a class="mono" part="suggestion" href="#" data-vin=${suggestion.vin}
                @click=${(event: Event) => this._onPick(event, suggestion.vin)}>${suggestion.vin}</a>?
              <span class="reason muted">${suggestion.reason}</span>
            </li>
          `)}
        </ul>
      </section>
    `;
  }

  private _onPick(event: Event, identifier: string) {
    event.preventDefault();
    this.dispatchEvent(new CustomEvent('pick', { detail: { identifier }, bubbles: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'vin-suggestion-links': VinSuggestionLinks;
  }
}
