/**
 * Real identifiers for the quick picks. The VINs come from public VIN-decoder test fixtures drawn
 * from production listings (cardog-ai/corgi, the `vin` Python package's Koenigsegg example), the
 * chassis numbers from Shekel-Africa/vin-package's tests. Each was kept only after vino decoded it
 * as its group says (every Transnational one really decodes as Transnational Assembly), and
 * test/ui/quick-pick-data.test.ts decodes them all again, so a registry change that breaks a
 * group fails the build.
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
      { identifier: '1HGCM82633A004352', caption: '2003 Honda Accord · Marysville, Ohio' },
      { identifier: '1FTFW5L86RFB45612', caption: '2024 Ford F-150 · Dearborn, Michigan' },
      { identifier: '2HGFE4F86SH011469', caption: '2025 Honda Civic · Alliston, Ontario' },
      { identifier: '3FTTW8A35SRA58370', caption: '2025 Ford Maverick · Hermosillo, Sonora' },
    ],
  },
  {
    name: 'Transnational',
    picks: [
      { identifier: 'WA1EAAFYXN2065837', caption: '2022 Audi Q5 · Germany → San José Chiapa, Mexico' },
      { identifier: 'W1KWF8EB3MR649946', caption: '2021 Mercedes-Benz C-Class · Germany → East London, South Africa' },
      { identifier: 'WDC0G8EB1LV225517', caption: '2020 Mercedes-Benz GLC-Class · Germany → Uusikaupunki, Finland' },
    ],
  },
  {
    name: 'Europe & Low-Vol',
    picks: [
      { identifier: 'YT9NN1U14KA007175', caption: '2019 Koenigsegg Regera · Ängelholm (6-character WMI YT9007)' },
      { identifier: 'WBAVL1C5XFVY41004', caption: '2015 BMW X1 · Leipzig, Germany' },
      { identifier: 'SALYB2RV4JA756586', caption: '2018 Land Rover Range Rover Velar · Solihull, UK' },
      { identifier: 'WP0AB2Y18LSA50759', caption: '2020 Porsche Taycan · Stuttgart, Germany' },
    ],
  },
  {
    name: 'JDM Domestic',
    picks: [
      { identifier: 'JZA80-1004956', caption: 'Toyota Supra (A80) · Motomachi plant, Aichi' },
      { identifier: 'BNR32-305366', caption: 'Nissan Skyline GT-R (R32) · plant not on record' },
    ],
  },
];
