// The opportunities API's shapes (app/opportunities/views.go, rules.go).
// until generated/api.d.ts lands: then these become aliases of the generated types.

export interface OrgRef {
  name: string;
  slug: string;
  verified: boolean;
}

export interface Pay {
  kind: 'amount' | 'unpaid' | 'not_stated';
  min: number;
  max: number;
  currency: string;
  period: string;
}

/** A posting in a list, in the reader's language (or the other when it has none in it). */
export interface Summary {
  id: number;
  slug: string;
  kind: string;
  title: string;
  excerpt: string;
  /** The language of title and excerpt. */
  lang: string;
  organization: OrgRef;
  country: string;
  countryName: string;
  city: string;
  workplace: string;
  employmentType: string;
  classification: string;
  deadline: string;
  pay: Pay;
  publishedAt: string | null;
  status: string;
  saved: boolean;
  languages: string[];
}

export interface Page {
  items: Summary[];
  next: string;
  holland?: string;
}

export interface Question {
  index: number;
  type: 'yes_no' | 'choice' | 'text';
  text: string;
  choices: string[];
  required: boolean;
}

export interface Eligibility {
  known: boolean;
  mayBeEligible: boolean;
  visaNeeded: string;
  languagesOk: boolean;
}

export interface TimelineEvent {
  at: string;
  by: string;
  kind: 'status' | 'note';
  from: string;
  to: string;
  note: string;
}

export interface DocumentView {
  id: number;
  kind: 'cv' | 'cover_letter' | 'transcript';
  name: string;
  size: number;
  mediaType: string;
}

export type ApplicationStatus = 'submitted' | 'reviewed' | 'shortlisted' | 'interview' | 'offer' | 'hired' | 'declined' | 'opted_out';

export interface MyApplication {
  id: number;
  opportunity: string;
  slug: string;
  organization: string;
  status: ApplicationStatus;
  message: string;
  createdAt: string;
  updatedAt: string;
  waitingSince: string | null;
  timeline: TimelineEvent[];
  documents: DocumentView[] | null;
}

export interface MyApplications {
  items: MyApplication[];
  next: string;
}

/** One published or closed posting as the public sees it. */
export interface Detail extends Summary {
  /** Sanitised HTML rendered by the server from Markdown. */
  descriptionHtml: string;
  visaType: string;
  audience: string;
  exchangeType: string;
  worksite: string;
  startDate: string;
  endDate: string;
  openings: number;
  mustHave: string;
  preferred: string;
  questions: Question[];
  documents: string[];
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  participantCost: number;
  costCurrency: string;
  includes: string;
  noFee: boolean;
  open: boolean;
  application: MyApplication | null;
  eligibility: Eligibility | null;
  otherLanguage: boolean;
}

export interface PublicOrg {
  name: string;
  slug: string;
  descriptionHtml: string;
  website: string;
  country: string;
  countryName: string;
  city: string;
  verified: boolean;
  open: Summary[];
}

export interface Option {
  value: string;
  label: string;
}

export interface Options {
  kinds: Option[];
  employmentTypes: Option[];
  classifications: Option[];
  visaTypes: Option[];
  audiences: Option[];
  exchangeTypes: Option[];
  workplaces: Option[];
  payPeriods: Option[];
  currencies: string[];
  documents: Option[];
  languages: string[];
  statuses: Option[];
  applicationStatuses: Option[];
}

export interface Answer {
  index: number;
  value: string;
}

export interface ApplyRequest {
  coverLetter: string;
  answers: Answer[];
}
