// The four public forms' fields as the server describes them (GET /api/forms/{form}/schema,
// from app/forms/schema.go). This copy lets the page render and check answers at once; the
// server's own schema replaces it when it arrives, and the server has the last word. The e2e
// test forms-api.test.mjs fails when this copy and the server's drift apart.

export type FormName = 'contact' | 'support' | 'volunteer' | 'roadmap';
export const FORM_NAMES: readonly FormName[] = ['contact', 'support', 'volunteer', 'roadmap'];

export type FieldKind = 'text' | 'email' | 'phone' | 'date' | 'choice' | 'choices' | 'gpa' | 'contacts' | 'country';

export interface FieldSpec {
  required?: boolean;
  /** Characters (text), rows (contacts); 0 or missing: the server's default for long text. */
  max?: number;
  kind: FieldKind;
  options?: string[];
  /** Choices to pick (choices), rows (contacts) or years of age (date). */
  min?: number;
}

export interface FormSchema {
  fields: Record<string, FieldSpec>;
  gpaMax: number;
  maxContacts: number;
  minAge?: number;
  countries?: string[];
}

/** Limits the schema does not spell out (app/forms/schema.go). */
export const LIMITS = {
  /** A text field without max. */
  long: 3000,
  /** Rows of a repeatable contact group: name and relationship lengths. */
  rowName: 100,
  rowRelationship: 60,
  phone: 30,
  email: 254,
  maxAge: 100,
  /** The platform's own minimum age (accounts); the volunteer program asks more. */
  platformMinAge: 13,
} as const;

const SUPPORT_TOPICS = ['account', 'opportunities', 'communities', 'directionBoard', 'programs', 'billing', 'technical', 'other'];
const GENDERS = ['male', 'female', 'other', 'preferNotToSay'];
const CAREER_INTERESTS = ['itEngineering', 'artsCulture', 'businessEconomics', 'humanitiesSocial'];
const TRAITS = ['creative', 'analytical', 'teamOriented', 'independent', 'leader', 'communicative', 'adaptable', 'other'];
const HOW_HEARD = ['school', 'socialMedia', 'friendsFamily', 'website', 'other'];
const YES_NO = ['yes', 'no'];

const text = (required: boolean, max: number): FieldSpec => ({ required, max, kind: 'text' });
const email: FieldSpec = { required: true, max: 254, kind: 'email' };
const phone = (required: boolean): FieldSpec => ({ required, max: 30, kind: 'phone' });
const choice = (options: string[]): FieldSpec => ({ required: true, kind: 'choice', options });
const contacts: FieldSpec = { required: true, max: 5, kind: 'contacts', min: 1 };

// ISO 3166-1 alpha-2, as app/forms/schema.go lists them.
const COUNTRIES = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO
FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG
KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY
MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU
WF WS YE YT ZA ZM ZW`.split(/\s+/);

const base = { gpaMax: 4.0, maxContacts: 5 };

export const SCHEMAS: Record<FormName, FormSchema> = {
  contact: {
    ...base,
    fields: {
      firstName: text(true, 100),
      lastName: text(true, 100),
      businessName: text(false, 150),
      email,
      phoneNumber: phone(false),
      description: text(true, 5000),
    },
  },
  support: {
    ...base,
    fields: {
      name: text(true, 100),
      email,
      topic: choice(SUPPORT_TOPICS),
      message: text(true, 5000),
    },
  },
  volunteer: {
    ...base,
    minAge: 16,
    countries: COUNTRIES,
    fields: {
      firstName: text(true, 100),
      lastName: text(true, 100),
      dateOfBirth: { required: true, kind: 'date', min: 16 },
      gender: choice(GENDERS),
      phone: phone(true),
      email,
      address: text(true, 300),
      city: text(true, 100),
      state: text(false, 100),
      country: { required: true, kind: 'country' },
      postalCode: text(false, 20),
      school: text(true, 150),
      grade: text(true, 50),
      major: text(false, 150),
      gpa: { kind: 'gpa' },
      relevantCourses: text(false, 3000),
      careerInterests: { required: true, kind: 'choices', options: CAREER_INTERESTS, min: 1 },
      whyInterested: text(true, 3000),
      qualifications: text(false, 3000),
      priorExperience: text(false, 3000),
      priorCulturalExperience: text(false, 3000),
      traits: { kind: 'choices', options: TRAITS },
      traitsOther: text(false, 150),
      strengths: text(false, 3000),
      improvementAreas: text(false, 3000),
      motivation: text(true, 3000),
      leadershipExample: text(false, 3000),
      fullDuration: choice(YES_NO),
      availability: text(false, 3000),
      medicalConditions: text(false, 3000),
      emergencyContacts: contacts,
      howHeard: choice(HOW_HEARD),
      howHeardOther: text(false, 150),
      additionalInfo: text(false, 3000),
    },
  },
  roadmap: {
    ...base,
    fields: {
      firstName: text(true, 100),
      lastName: text(true, 100),
      school: text(true, 150),
      class: text(true, 30),
      destination: text(true, 150),
      phone: phone(true),
      email,
      guardians: contacts,
    },
  },
};

/** The server's schema with anything it leaves out taken from the copy above. */
export function mergeSchema(form: FormName, server: Partial<FormSchema> | undefined): FormSchema {
  const local = SCHEMAS[form];
  if (!server?.fields) return local;
  return { ...local, ...server, fields: { ...local.fields, ...server.fields } } as FormSchema;
}
