// GENERATED FILE: do not edit by hand.
// Source: registry/jdm-chassis.csv
// Regenerate: npm run codegen

import { loadGeneratedData, JDM_TABLE } from '../decode/load-data.js';
import type { SourcedTable, JdmTuple } from '../decode/registry-data.js';

export const JDM_CHASSIS: SourcedTable<JdmTuple> = loadGeneratedData(new URL('./jdm-chassis.json', import.meta.url), JDM_TABLE);
