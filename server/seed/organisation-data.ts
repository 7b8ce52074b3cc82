/** The fixed shape of the demo organisation: two billing clients and their practices. */
export const SPECIALTIES = ['family', 'internal', 'general', 'orthopaedic'] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export interface FacilityFixture {
  readonly name: string;
  readonly posCode: '11' | '21' | '22';
  readonly address1: string;
  readonly city: string;
  readonly zip: string;
  /** Share of the practice's visits billed at this facility. */
  readonly visitWeight: number;
}

export interface PracticeFixture {
  readonly name: string;
  readonly specialty: Specialty;
  readonly taxonomyCode: string;
  readonly address1: string;
  readonly address2: string | null;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly phone: string;
  readonly providerCount: number;
  /** The practice's charges relative to the base fee list. */
  readonly feeFactor: number;
  /** Share of the group's patients. */
  readonly patientWeight: number;
  readonly facilities: readonly FacilityFixture[];
}

export interface GroupFixture {
  readonly key: 'lakeside' | 'northwind';
  readonly name: string;
  readonly accountPrefix: string;
  readonly practices: readonly PracticeFixture[];
  readonly referringProviderCount: number;
  readonly branding: {
    readonly subdomain: string;
    readonly title: string;
    readonly initials: string;
    readonly primaryColor: string;
    readonly secondaryColor: string;
  };
}

export const DEMO_GROUP_NAME = 'Lakeside Medical Billing';

export const TAXONOMY: Readonly<Record<Specialty, string>> = {
  family: '207Q00000X',
  internal: '207R00000X',
  general: '208D00000X',
  orthopaedic: '207X00000X',
};

export const GROUPS: readonly GroupFixture[] = [
  {
    key: 'lakeside',
    name: DEMO_GROUP_NAME,
    accountPrefix: 'LMB',
    referringProviderCount: 4,
    branding: {
      subdomain: 'demo',
      title: 'Lakeside Medical Billing',
      initials: 'LM',
      primaryColor: '#0f766e',
      secondaryColor: '#ccfbf1',
    },
    practices: [
      {
        name: 'Lakeside Family Medicine',
        specialty: 'family',
        taxonomyCode: TAXONOMY.family,
        address1: '4201 Bee Caves Rd',
        address2: 'Ste 210',
        city: 'Austin',
        state: 'TX',
        zip: '78746-6423',
        phone: '512-555-0142',
        providerCount: 5,
        feeFactor: 1,
        patientWeight: 4,
        facilities: [
          {
            name: 'Lakeside Family Medicine - Westlake Clinic',
            posCode: '11',
            address1: '4201 Bee Caves Rd Ste 210',
            city: 'Austin',
            zip: '78746-6423',
            visitWeight: 80,
          },
          {
            name: 'Lakeside Family Medicine - Round Rock Clinic',
            posCode: '11',
            address1: '2410 Round Rock Ave Ste 150',
            city: 'Round Rock',
            zip: '78681-4003',
            visitWeight: 15,
          },
          {
            name: 'Hill Country Regional Hospital',
            posCode: '21',
            address1: '1201 W 38th St',
            city: 'Austin',
            zip: '78705-1006',
            visitWeight: 5,
          },
        ],
      },
      {
        name: 'Hill Country Internal Medicine',
        specialty: 'internal',
        taxonomyCode: TAXONOMY.internal,
        address1: '3801 N Lamar Blvd',
        address2: 'Ste 300',
        city: 'Austin',
        state: 'TX',
        zip: '78756-4080',
        phone: '512-555-0178',
        providerCount: 4,
        feeFactor: 1.08,
        patientWeight: 3,
        facilities: [
          {
            name: 'Hill Country Internal Medicine - Lamar Office',
            posCode: '11',
            address1: '3801 N Lamar Blvd Ste 300',
            city: 'Austin',
            zip: '78756-4080',
            visitWeight: 78,
          },
          {
            name: 'Hill Country Regional Hospital',
            posCode: '21',
            address1: '1201 W 38th St',
            city: 'Austin',
            zip: '78705-1006',
            visitWeight: 14,
          },
          {
            name: 'Hill Country Outpatient Center',
            posCode: '22',
            address1: '1301 W 38th St Bldg B',
            city: 'Austin',
            zip: '78705-1007',
            visitWeight: 8,
          },
        ],
      },
      {
        name: 'Capital Orthopaedic Associates',
        specialty: 'orthopaedic',
        taxonomyCode: TAXONOMY.orthopaedic,
        address1: '900 E 30th St',
        address2: 'Ste 102',
        city: 'Austin',
        state: 'TX',
        zip: '78705-2706',
        phone: '512-555-0116',
        providerCount: 3,
        feeFactor: 1.15,
        patientWeight: 2,
        facilities: [
          {
            name: 'Capital Orthopaedic Associates - Central',
            posCode: '11',
            address1: '900 E 30th St Ste 102',
            city: 'Austin',
            zip: '78705-2706',
            visitWeight: 85,
          },
          {
            name: 'Capital Surgery & Outpatient Center',
            posCode: '22',
            address1: '3003 Bee Caves Rd',
            city: 'Austin',
            zip: '78746-5541',
            visitWeight: 15,
          },
        ],
      },
    ],
  },
  {
    key: 'northwind',
    name: 'Northwind Health Partners',
    accountPrefix: 'NHP',
    referringProviderCount: 3,
    branding: {
      subdomain: 'northwind',
      title: 'Northwind Health Partners',
      initials: 'NW',
      primaryColor: '#1d4ed8',
      secondaryColor: '#dbeafe',
    },
    practices: [
      {
        name: 'Northwind Primary Care',
        specialty: 'general',
        taxonomyCode: TAXONOMY.general,
        address1: '5228 W Plano Pkwy',
        address2: 'Ste 400',
        city: 'Plano',
        state: 'TX',
        zip: '75093-4855',
        phone: '972-555-0131',
        providerCount: 4,
        feeFactor: 0.97,
        patientWeight: 3,
        facilities: [
          {
            name: 'Northwind Primary Care - Plano',
            posCode: '11',
            address1: '5228 W Plano Pkwy Ste 400',
            city: 'Plano',
            zip: '75093-4855',
            visitWeight: 70,
          },
          {
            name: 'Northwind Primary Care - McKinney',
            posCode: '11',
            address1: '4510 Medical Center Dr Ste 220',
            city: 'McKinney',
            zip: '75069-1650',
            visitWeight: 25,
          },
          {
            name: 'Collin Creek Medical Center',
            posCode: '21',
            address1: '6200 W Parker Rd',
            city: 'Plano',
            zip: '75093-7914',
            visitWeight: 5,
          },
        ],
      },
      {
        name: 'Northwind Orthopedics & Sports Medicine',
        specialty: 'orthopaedic',
        taxonomyCode: TAXONOMY.orthopaedic,
        address1: '4401 Coit Rd',
        address2: 'Ste 301',
        city: 'Frisco',
        state: 'TX',
        zip: '75035-5731',
        phone: '469-555-0167',
        providerCount: 3,
        feeFactor: 1.1,
        patientWeight: 2,
        facilities: [
          {
            name: 'Northwind Orthopedics - Frisco',
            posCode: '11',
            address1: '4401 Coit Rd Ste 301',
            city: 'Frisco',
            zip: '75035-5731',
            visitWeight: 80,
          },
          {
            name: 'Collin Creek Outpatient Surgery',
            posCode: '22',
            address1: '6250 W Parker Rd',
            city: 'Plano',
            zip: '75093-7915',
            visitWeight: 20,
          },
        ],
      },
    ],
  },
];

/** Referring physicians' specialties (taxonomy), for the few claims that carry a referral. */
export const REFERRING_TAXONOMIES: readonly string[] = [
  '207Q00000X',
  '207R00000X',
  '207RC0000X',
  '208600000X',
  '207V00000X',
  '2084N0400X',
];
