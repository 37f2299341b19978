import { LitElement, html, css } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { RecentLookup } from './recent-lookups-store.js';
import { sharedStyles } from './shared-styles.js';

/**
 * The last lookups, newest first; choosing one decodes it again. The owner keeps the list (it lives
 * in localStorage); this element only shows it and reports what was asked.
 *
 * @fires pick - `detail.identifier` is the lookup to decode again.
 * @fires clear - the Clear button was pressed.
 * @csspart lookup - each lookup button.
 * @csspart clear-button - the Clear button.
 */
@customElement('vin-recent-lookups')
export class VinRecentLookups extends LitElement {
  static override styles = [sharedStyles, css`
    :host { display: block; }
    header { display: flex; justify-content: space-between; align-items: baseline; gap: 0.5rem; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.35rem; }
    .lookup { width: 100%; text-align: left; display: flex; flex-direction: column; gap: 0.1rem; }
    .identifier { font-weight: 600; letter-spacing: 0.04em; }
    .verdict { font-size: 0.85rem; }
    p { margin: 0; }
  `];

  /** Lookups to show, newest first. */
  @property({ attribute: false }) lookups: RecentLookup[] = [];

  override render() {
    return html`
      <header>
        <h2>Recent lookups</h2>
        ${this.lookups.length > 0
          ? html`<button type="button" part="clear-button" @click=${this._onClear} aria-label="Clear recent lookups">Clear</button>`
          : null}
      </header>
      ${this.lookups.length === 0
        ? html`<p class="muted">Lookups you make are kept here, in this browser only.</p>`
        : html`<ul>
            ${this.lookups.map((lookup) => html`
              <li>
                <button class="lookup" type="button" part="lookup" data-identifier=${lookup.identifier} @click=${() => this._onPick(lookup.identifier)}>
                  <span class="identifier mono">${lookup.identifier}</span>
                  <span class="verdict muted">${lookup.verdict}</span>
                </button>
              </li>
            `)}
          </ul>`}
    `;
  }

  private _onPick(identifier: string) {
    this.dispatchEvent(new CustomEvent('pick', { detail: { identifier }, bubbles: true }));
  }

  private _onClear() {
    this.dispatchEvent(new CustomEvent('clear', { bubbles: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'vin-recent-lookups': VinRecentLookups;
  }
}
