// GENERATED FILE: do not edit by hand.
// Source: registry/jdm-chassis.csv
// Regenerate: npm run codegen

import type { SourcedTable, JdmTuple } from '../decode/registry-data.js';

export const JDM_CHASSIS: SourcedTable<JdmTuple> = JSON.parse("{\"sources\":[],\"rows\":[]}");
