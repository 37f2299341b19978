import { LitElement, html, css } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { QUICK_PICK_GROUPS, type QuickPickGroup } from './quick-pick-data.js';
import { sharedStyles } from './shared-styles.js';

/**
 * Example identifiers in the four groups of the design; choosing one decodes it.
 *
 * @fires pick - `detail.identifier` is the chosen identifier.
 * @csspart pick - each example button.
 */
@customElement('vin-quick-picks')
export class VinQuickPicks extends LitElement {
  static override styles = [sharedStyles, css`
    :host { display: block; }
    .group + .group { margin-top: 0.75rem; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.35rem; }
    button { width: 100%; text-align: left; display: flex; flex-direction: column; gap: 0.1rem; }
    .identifier { font-weight: 600; letter-spacing: 0.04em; }
    .caption { font-size: 0.85rem; }
  `];

  /** The groups to offer; defaults to the curated examples. */
  @property({ attribute: false }) groups: QuickPickGroup[] = QUICK_PICK_GROUPS;

  override render() {
    return html`
      <h2 id="quick-picks-title">Quick picks</h2>
      ${this.groups.map((group, index) => html`
        <div class="group" role="group" aria-labelledby=${`group-${index}`}>
          <h3 id=${`group-${index}`}>${group.name}</h3>
          <ul>
            ${group.picks.map((pick) => html`
              <li>
                <button type="button" part="pick" data-identifier=${pick.identifier} @click=${() => this._onPick(pick.identifier)}>
                  <span class="identifier mono">${pick.identifier}</span>
                  <span class="caption muted">${pick.caption}</span>
                </button>
              </li>
            `)}
          </ul>
        </div>
      `)}
    `;
  }

  private _onPick(identifier: string) {
    this.dispatchEvent(new CustomEvent('pick', { detail: { identifier }, bubbles: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'vin-quick-picks': VinQuickPicks;
  }
}
