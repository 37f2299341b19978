import { LitElement, html, css } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { sharedStyles } from './shared-styles.js';

/**
 * A button that copies `text` to the clipboard and says so in an aria-live status.
 *
 * @fires copied - after the text reached the clipboard; `detail.text` is what was copied.
 * @csspart button - the button itself.
 */
@customElement('vin-copy-button')
export class VinCopyButton extends LitElement {
  static override styles = [sharedStyles, css`
    :host { display: inline-flex; align-items: center; gap: 0.5rem; }
    button { min-height: 1.9rem; padding: 0.2rem 0.6rem; font-size: 0.85rem; }
    .status { font-size: 0.85rem; }
  `];

  /** What the button copies. */
  @property() text = '';

  /** The button's visible label; it names what is copied ("Copy key", "Copy response"). */
  @property() label = 'Copy';

  @state() private _status = '';

  override render() {
    return html`
      <button type="button" part="button" @click=${this._onClick}>${this.label}</button>
      <span class="status muted" role="status" aria-live="polite">${this._status}</span>
    `;
  }

  private async _onClick() {
    const copied = await copyText(this.text);
    this._status = copied ? 'Copied' : 'Copy failed: select the text and copy it by hand';
    if (copied) this.dispatchEvent(new CustomEvent('copied', { detail: { text: this.text }, bubbles: true }));
  }
}

/** The async Clipboard API needs a secure context; a page served over plain http falls back to execCommand. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'vin-copy-button': VinCopyButton;
  }
}
