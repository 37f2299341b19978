// GENERATED FILE: do not edit by hand.
// Source: registry/wmi.csv
// Regenerate: npm run codegen

import { loadGeneratedData, WMI_TABLE } from '../decode/load-data.js';
import type { SourcedTable, WmiTuple } from '../decode/registry-data.js';

export const WMI: SourcedTable<WmiTuple> = loadGeneratedData(new URL('./wmi.json', import.meta.url), WMI_TABLE);
