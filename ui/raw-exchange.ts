import { LitElement, html, css, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { HttpExchange } from './api-client.js';
import './copy-button.js';
import { sharedStyles } from './shared-styles.js';

/**
 * The last request and response exactly as they went over the wire, collapsed until opened, so an
 * integrator can see the call to reproduce and the JSON an API client gets.
 *
 * @csspart raw - the <details> element.
 */
@customElement('vin-raw-exchange')
export class VinRawExchange extends LitElement {
  static override styles = [sharedStyles, css`
    :host { display: block; }
    summary { cursor: pointer; font-weight: 600; padding: 0.25rem 0; }
    .block + .block { margin-top: 0.75rem; }
    .block header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 0.5rem; margin: 0.5rem 0 0.25rem; }
    pre { margin: 0; padding: 0.75rem; overflow: auto; max-height: 28rem; background: var(--vino-code-surface, #f6f8fa); border-radius: var(--vino-radius, 6px); font-size: 0.85rem; }
  `];

  /** The exchange to show; nothing renders while it is null. */
  @property({ attribute: false }) exchange: HttpExchange | null = null;

  override render() {
    const exchange = this.exchange;
    if (!exchange) return nothing;
    const request = `${exchange.method} ${exchange.path}\nContent-Type: application/json\n\n${exchange.requestBody}`;
    const response = exchange.status === null ? '(no response)' : `HTTP ${exchange.status} ${exchange.statusText}\nContent-Type: ${exchange.contentType ?? '-'}\n\n${prettyJson(exchange.responseText)}`;
    return html`
      <details part="raw" class="card">
        <summary>Raw request and response: <span class="mono">${exchange.method} ${exchange.path}</span></summary>
        <div class="block">
          <header><h3>Request</h3><vin-copy-button label="Copy request" .text=${request}></vin-copy-button></header>
          <pre class="request">${request}</pre>
        </div>
        <div class="block">
          <header><h3>Response</h3><vin-copy-button label="Copy response" .text=${exchange.responseText}></vin-copy-button></header>
          <pre class="response">${response}</pre>
        </div>
      </details>
    `;
  }
}

/** The server answers compact JSON; indenting it changes no value and makes it readable. */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'vin-raw-exchange': VinRawExchange;
  }
}
