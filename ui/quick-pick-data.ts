/**
 * Real identifiers for the quick picks, chosen by decoding candidates through the real API so each
 * group shows what its name says (every Transnational one decodes as Transnational Assembly).
 */

export interface QuickPick {
  identifier: string;
  /** What the vehicle is and where it was built, as the decode reports it. */
  caption: string;
}

export interface QuickPickGroup {
  name: string;
  picks: QuickPick[];
}

export const QUICK_PICK_GROUPS: QuickPickGroup[] = [
  {
    name: 'North America',
    picks: [
      { identifier: '1HGCM82633A004352', caption: 'Honda · Marysville, Ohio' },
    ],
  },
  {
    name: 'Transnational',
    picks: [
      { identifier: 'WA1EAAFYXN2065837', caption: 'Audi · San José Chiapa, Mexico' },
      { identifier: '5UMDU93436L421092', caption: 'BMW · Spartanburg, South Carolina' },
    ],
  },
  {
    name: 'Europe & Low-Vol',
    picks: [],
  },
  {
    name: 'JDM Domestic',
    picks: [
      { identifier: 'JZA80-1004956', caption: 'Toyota Supra' },
      { identifier: 'BNR32-305366', caption: 'Nissan Skyline GT-R' },
    ],
  },
];
