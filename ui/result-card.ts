import { LitElement, html, css, nothing, type TemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { DecodeResult } from '../src/generated/contract.js';
import { FORMAT_LABELS, checkDigitText, confidenceText, mandatoryCheckDigitFails, countryText, evidenceText, modelYearText, shown } from './result-labels.js';
import { sharedStyles } from './shared-styles.js';
import { engineParts, fuelParts } from '../src/vehicle-text.js';

/**
 * One decode result in the five groups of the design: Summary, Layer 1 Corporate Origin, Layer 2
 * Physical Assembly Line, Vehicle Attributes, Validation & Diagnostics. Unknown values show `-`.
 *
 * @csspart verdict - the verdict banner; carries `data-alignment` with the originAlignment code.
 * @csspart check-digit-alert - shown above the verdict when a mandatory check digit fails.
 * @csspart section - each of the five groups.
 */
@customElement('vin-result-card')
export class VinResultCard extends LitElement {
  static override styles = [sharedStyles, css`
    :host { display: block; }
    .verdict { border-radius: var(--vino-radius, 6px); padding: 0.75rem 1rem; margin-bottom: 1rem; border-left: 6px solid; }
    .verdict strong { display: block; font-size: 1.4rem; }
    .verdict[data-alignment='VERIFIED_ORIGIN_ALIGNMENT'] { background: var(--vino-ok-surface, #e6f4ea); border-color: var(--vino-ok, #1a7f37); }
    .verdict[data-alignment='TRANSNATIONAL_ASSEMBLY'] { background: var(--vino-transnational-surface, #e8effa); border-color: var(--vino-transnational, #0b5cad); }
    .verdict[data-alignment='UNVERIFIED'] { background: var(--vino-warn-surface, #fff4d6); border-color: var(--vino-warn, #b7791f); }
    .alert { border-radius: var(--vino-radius, 6px); padding: 0.75rem 1rem; margin-bottom: 1rem; border-left: 6px solid var(--vino-error, #cf222e); background: var(--vino-error-surface, #ffebe9); }
    .groups { display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 21rem), 1fr)); }
    section { margin: 0; container-type: inline-size; }
    dl { display: grid; grid-template-columns: minmax(7rem, max-content) 1fr; gap: 0.3rem 0.75rem; margin: 0; }
    /* On a phone the terms give the values room: two fifths of the card, wrapping if they must. */
    @container (max-width: 24rem) { dl { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); } }
    dt { color: var(--vino-muted, #57606a); }
    dd { margin: 0; overflow-wrap: anywhere; }
    ul { margin: 0; padding-left: 1.1rem; }
    .part { display: inline-block; }
    .code { display: block; font-size: 0.8rem; color: var(--vino-muted, #57606a); }
  `];

  /** The decode result to show; nothing renders while it is null. */
  @property({ attribute: false }) result: DecodeResult | null = null;

  override render() {
    const result = this.result;
    if (!result) return nothing;
    const { summary, corporateOrigin: origin, assembly, vehicle, validation } = result;
    return html`
      ${mandatoryCheckDigitFails(result) ? html`
        <p class="alert" part="check-digit-alert" role="alert">
          <strong>Check digit fails:</strong> position 9 should be ${validation.checkDigit.calculated}, the VIN has
          ${validation.checkDigit.actual}. The check digit is mandatory here, so this VIN is probably mistyped: LOW confidence.
        </p>` : nothing}
      <div class="verdict" part="verdict" data-alignment=${summary.originAlignment}>
        <span class="muted">Verdict for <span class="mono">${result.identifier}</span></span>
        <strong>${summary.verdict}</strong>
      </div>
      <div class="groups">
        ${group('summary', 'Summary', [
          ['Identifier', html`<span class="mono">${result.identifier}</span>`],
          ['Format', withCode(FORMAT_LABELS[summary.format], summary.format)],
          ['Confidence', withCode(confidenceText(result), summary.confidence)],
          ['Verdict', withCode(summary.verdict, summary.originAlignment)],
        ])}
        ${group('corporate-origin', 'Layer 1 · Corporate Origin', [
          ['WMI', shown(origin.wmi)],
          ['Country', countryText(origin.country, origin.countryCode)],
          ['Region', shown(origin.region)],
          ['Manufacturer', shown(origin.manufacturer)],
          ['Production volume', shown(origin.productionVolume)],
        ])}
        ${group('assembly', 'Layer 2 · Physical Assembly Line', [
          ['Plant code', shown(assembly.plantCode)],
          ['Plant country', countryText(assembly.country, assembly.countryCode)],
          ['City / state', shown(assembly.cityState)],
          ['Plant details', shown(assembly.details)],
          ['Source', shown(assembly.source)],
        ])}
        ${group('vehicle', 'Vehicle Attributes', [
          ['Manufacturer', shown(vehicle.manufacturer)],
          ['Make', shown(vehicle.make)],
          ['Model', shown(vehicle.model)],
          ['Series', shown(vehicle.series)],
          ['Trim', shown(vehicle.trim)],
          ['Model year', modelYearText(vehicle)],
          ['Production years', shown(vehicle.productionYears)],
          ['Vehicle type', shown(vehicle.vehicleType)],
          ['Body', shown(vehicle.bodyClass)],
          ['Doors', shown(vehicle.doors)],
          ['Drive', shown(vehicle.driveType)],
          ['Engine', parts(engineParts(vehicle.engine))],
          ['Fuel', parts(fuelParts(vehicle))],
          ['GVWR', shown(vehicle.gvwr)],
        ])}
        ${group('validation', 'Validation & Diagnostics', [
          ['Check digit', checkDigitText(validation.checkDigit)],
          ['Confidence level', validation.confidenceLevel],
          ['Evidence sources', list(validation.evidence.map(evidenceText))],
          ['Warnings', list(validation.warnings.map((warning) => `${warning.message} (${warning.code})`))],
        ])}
      </div>
    `;
  }
}

type Row = [term: string, value: string | TemplateResult];

function group(id: string, title: string, rows: Row[]): TemplateResult {
  return html`
    <section class="card" part="section" data-group=${id} aria-labelledby=${`${id}-title`}>
      <h2 id=${`${id}-title`}>${title}</h2>
      <dl>${rows.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>
    </section>
  `;
}

function withCode(label: string, code: string): TemplateResult {
  return html`${label} <span class="code mono">${code}</span>`;
}

/**
 * `a · b · c` with each part an inline block: a narrow screen moves a whole part (`3.0 L ·`,
 * `turbo -`) to the next line rather than splitting it, and a part longer than the line still wraps.
 */
function parts(items: string[] | null): string | TemplateResult {
  if (items === null) return '-';
  return html`${items.map((item, i) => html`${i === 0 ? '' : ' '}<span class="part">${item}${i < items.length - 1 ? ' ·' : ''}</span>`)}`;
}

function list(items: string[]): string | TemplateResult {
  if (items.length === 0) return '-';
  return html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'vin-result-card': VinResultCard;
  }
}
