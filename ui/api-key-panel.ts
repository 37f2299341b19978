import { LitElement, html, css } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { createApiKey, type CreatedApiKey } from './api-client.js';
import { secureDecodeCurl } from './curl-example.js';
import './copy-button.js';
import { sharedStyles } from './shared-styles.js';

/**
 * "Generate Integration API Key": an application name and the admin token go to `POST /api/v1/keys`;
 * the new key is shown once, with a copy button and a curl call to the secure decode endpoint. The
 * admin token is held only in the box while the page is open, never stored.
 *
 * @fires api-key-created - `detail` is `{ id, label, prefix, createdAt }` (never the key itself).
 * @csspart key-form - the form.
 * @csspart generate-button - the Generate button.
 * @csspart new-key - the box showing the new key and the curl example.
 */
@customElement('vin-api-key-panel')
export class VinApiKeyPanel extends LitElement {
  static override styles = [sharedStyles, css`
    :host { display: block; }
    form { display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); align-items: end; }
    .error:not(:empty) { margin: 0.75rem 0 0; font-weight: 600; }
    p:empty { margin: 0; }
    .new-key { margin-top: 1rem; border-left: 6px solid var(--vino-ok, #1a7f37); }
    .key-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
    .key { font-size: 1rem; overflow-wrap: anywhere; background: var(--vino-code-surface, #f6f8fa); padding: 0.3rem 0.5rem; border-radius: var(--vino-radius, 6px); }
    pre { margin: 0.5rem 0 0; padding: 0.75rem; overflow: auto; background: var(--vino-code-surface, #f6f8fa); border-radius: var(--vino-radius, 6px); font-size: 0.85rem; }
  `];

  /** Origin of the vino API ('' for this page's origin); also the host named in the curl example. */
  @property({ attribute: 'api-base' }) apiBase = '';

  @state() private _label = '';
  @state() private _adminToken = '';
  @state() private _busy = false;
  @state() private _error = '';
  @state() private _created: CreatedApiKey | null = null;

  override render() {
    return html`
      <h2>Generate Integration API Key</h2>
      <p class="muted">For ERP systems and services calling <span class="mono">POST /api/v1/secure/vin/decode</span>. Needs the admin token that <span class="mono">vino serve</span> printed at first start.</p>
      <form part="key-form" novalidate @submit=${this._onSubmit}>
        <div>
          <label for="key-label">Application name</label>
          <input id="key-label" name="label" required autocomplete="off" .value=${this._label}
            @input=${(event: InputEvent) => { this._label = (event.target as HTMLInputElement).value; }} />
        </div>
        <div>
          <label for="admin-token">Admin token</label>
          <input id="admin-token" name="admin-token" type="password" required autocomplete="off" .value=${this._adminToken}
            @input=${(event: InputEvent) => { this._adminToken = (event.target as HTMLInputElement).value; }} />
        </div>
        <button class="primary" type="submit" part="generate-button" ?disabled=${this._busy}>
          ${this._busy ? 'Generating…' : 'Generate Integration API Key'}
        </button>
      </form>
      <p class="error" role="alert">${this._error}</p>
      <div role="status" aria-live="polite">${this._created ? this._renderCreated(this._created) : null}</div>
    `;
  }

  private _renderCreated(created: CreatedApiKey) {
    const curl = secureDecodeCurl(this.apiBase || location.origin, created.key);
    return html`
      <div class="new-key card" part="new-key">
        <h3>Key for ${created.label}</h3>
        <p><strong>Copy it now: it is shown only this once.</strong> vino keeps only its hash (prefix <span class="mono">${created.prefix}</span>).</p>
        <div class="key-row">
          <code class="key">${created.key}</code>
          <vin-copy-button label="Copy key" .text=${created.key}></vin-copy-button>
        </div>
        <div class="key-row"><h3>Try it</h3><vin-copy-button label="Copy curl command" .text=${curl}></vin-copy-button></div>
        <pre class="curl">${curl}</pre>
      </div>
    `;
  }

  private async _onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const label = this._label.trim();
    if (this._busy) return;
    if (label === '' || this._adminToken === '') {
      this._error = 'Enter an application name and the admin token.';
      return;
    }
    this._busy = true;
    this._error = '';
    this._created = null;
    const outcome = await createApiKey(this.apiBase, label, this._adminToken);
    this._busy = false;
    if (!outcome.ok) {
      this._error = outcome.exchange.status === 401 ? 'The admin token was not accepted.' : outcome.message;
      return;
    }
    this._created = outcome.body;
    const { id, prefix, createdAt } = outcome.body;
    this.dispatchEvent(new CustomEvent('api-key-created', { detail: { id, label: outcome.body.label, prefix, createdAt }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'vin-api-key-panel': VinApiKeyPanel;
  }
}
