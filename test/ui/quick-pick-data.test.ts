/** Every quick pick decodes, with the real registry, as the group it sits in says. */
import { describe, expect, it } from 'vitest';
import type { DecodedResult as DecodeResult } from '../../src/decode/outcome.js';
import { decode } from '../../src/decode/index.js';
import { QUICK_PICK_GROUPS } from '../../ui/quick-pick-data.js';

const GROUP_MEANS: Record<string, (result: DecodeResult) => void> = {
  'North America': (result) => {
    expect(result.corporateOrigin.region).toBe('North America');
    expect(result.summary.originAlignment).toBe('VERIFIED_ORIGIN_ALIGNMENT');
  },
  Transnational: (result) => {
    expect(result.summary.originAlignment).toBe('TRANSNATIONAL_ASSEMBLY');
    expect(result.assembly.countryCode).not.toBe(result.corporateOrigin.countryCode);
  },
  'Europe & Low-Vol': (result) => {
    expect(result.corporateOrigin.region).toBe('Europe');
    expect(result.summary.originAlignment).toBe('VERIFIED_ORIGIN_ALIGNMENT');
  },
  'JDM Domestic': (result) => {
    expect(result.summary.format).toBe('JDM_CHASSIS');
    expect(result.corporateOrigin.country).toBe('Japan');
    expect(result.vehicle.manufacturer).not.toBeNull();
  },
};

describe('quick picks', () => {
  it('come in the four groups of the design, none empty', () => {
    expect(QUICK_PICK_GROUPS.map((group) => group.name)).toEqual(Object.keys(GROUP_MEANS));
    for (const group of QUICK_PICK_GROUPS) expect(group.picks.length).toBeGreaterThan(0);
  });

  const cases = QUICK_PICK_GROUPS.flatMap((group) => group.picks.map((pick) => [group.name, pick.identifier, pick.caption] as const));
  it.each(cases)('%s: %s decodes as its group says', (groupName, identifier, caption) => {
    const outcome = decode(identifier);
    if (!outcome.ok) throw new Error(`${identifier}: ${outcome.error.detail}`);
    const { result } = outcome;
    expect(result.summary.confidence).not.toBe('LOW_INFERRED');
    if (result.validation.checkDigit.status !== 'NOT_APPLICABLE') expect(result.validation.checkDigit.status).toBe('MATCH');
    if (result.vehicle.make) expect(caption.toLowerCase()).toContain(result.vehicle.make.split(',')[0]!.toLowerCase());
    // The caption names the model as the VIN patterns spell it, and the model year the VIN encodes.
    if (result.vehicle.model) expect(caption).toContain(result.vehicle.model);
    if (result.vehicle.modelYear) expect(caption).toContain(String(result.vehicle.modelYear));
    GROUP_MEANS[groupName]!(result);
  });

  it('include a low-volume maker (6-character WMI) in Europe & Low-Vol', () => {
    const europe = QUICK_PICK_GROUPS.find((group) => group.name === 'Europe & Low-Vol')!;
    const formats = europe.picks.map((pick) => { const outcome = decode(pick.identifier); return outcome.ok ? outcome.result.summary.format : null; });
    expect(formats).toContain('ISO_17_LOW_VOLUME');
  });
});
