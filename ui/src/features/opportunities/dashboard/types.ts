// The opportunities API's shapes the dashboard uses (app/opportunities/views.go, rules.go).
// until generated/api.d.ts lands

export const KINDS = ['job', 'career', 'education', 'development', 'exchange', 'recruitment', 'travel'] as const;
export type Kind = (typeof KINDS)[number];
export const STATUSES = ['draft', 'submitted', 'returned', 'published', 'closed', 'archived'] as const;
export type PostingStatus = (typeof STATUSES)[number];
export const APP_STATUSES = ['submitted', 'reviewed', 'shortlisted', 'interview', 'offer', 'hired', 'declined', 'opted_out'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];
/** The statuses staff may move an application to (the board's columns they can drop on). */
export const MOVE_TO: AppStatus[] = ['reviewed', 'shortlisted', 'interview', 'offer', 'hired', 'declined'];
export const ORG_STATUSES = ['unverified', 'pending', 'verified', 'returned', 'suspended'] as const;
export type OrgStatus = (typeof ORG_STATUSES)[number];

export const EMPLOYMENT_TYPES = ['full_time_permanent', 'full_time_seasonal', 'part_time', 'remote', 'internship'];
export const VISA_TYPES = ['not_required', 'work', 'seasonal_work', 'student', 'exchange_visitor', 'tourist'];
export const AUDIENCES = ['everyone', 'high_school', 'university', 'graduates', 'professionals'];
export const EXCHANGE_TYPES = ['work_and_travel', 'internship', 'academic', 'cultural', 'volunteer', 'language'];
export const WORKPLACES = ['on_site', 'remote', 'hybrid'];
export const PAY_KINDS = ['amount', 'unpaid', 'not_stated'] as const;
export const PAY_PERIODS = ['hour', 'month', 'year', 'total'];
export const CURRENCIES = ['MNT', 'USD', 'EUR', 'CNY', 'KRW', 'JPY', 'RUB', 'GBP', 'AUD', 'CAD', 'NZD', 'SGD'];
export const DOCUMENTS = ['cv', 'cover_letter', 'transcript'];
export const LANGUAGES = ['mn', 'en', 'ru', 'zh', 'ko', 'ja', 'de', 'fr', 'tr', 'kk', 'es'];
export const CLASSIFICATIONS = [
  'it', 'engineering', 'mining_energy', 'construction', 'manufacturing_trades', 'agriculture_environment', 'health',
  'science_research', 'education', 'social_work', 'arts_media', 'design', 'languages', 'tourism_hospitality',
  'business_management', 'sales_marketing', 'finance_accounting', 'law_public', 'logistics_transport', 'administration',
];
export const MAX_QUESTIONS = 10;
export const MAX_CHOICES = 10;

/** The two lists of the dashboard: jobs and the like; travel and exchange. */
export type Group = 'job' | 'tour';
export const GROUP_KINDS: Record<Group, Kind[]> = {
  job: ['job', 'career', 'recruitment', 'development', 'education'],
  tour: ['travel', 'exchange'],
};
export const groupOf = (kind: string): Group => (kind === 'travel' || kind === 'exchange' ? 'tour' : 'job');

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

export interface Choice {
  en: string;
  mn: string;
}

export interface Question {
  type: 'yes_no' | 'choice' | 'text';
  textEn: string;
  textMn: string;
  choices: Choice[];
  required: boolean;
  must?: '' | 'yes' | 'no';
  accept?: number[];
}

export interface Posting {
  kind: Kind;
  titleEn: string;
  titleMn: string;
  descriptionEn: string;
  descriptionMn: string;
  employmentType: string;
  classification: string;
  visaType: string;
  audience: string;
  exchangeType: string;
  country: string;
  city: string;
  workplace: string;
  worksite: string;
  startDate: string;
  endDate: string;
  deadline: string;
  pay: Pay;
  openings: number;
  languages: string[];
  mustHave: string;
  preferred: string;
  questions: Question[];
  documents: string[];
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  participantCost: number;
  costCurrency: string;
  includesEn: string;
  includesMn: string;
  noFee: boolean;
}

export interface EventView {
  at: string;
  by: string;
  kind: 'status' | 'note';
  from: string;
  to: string;
  note: string;
}

export interface Editor {
  id: number;
  slug: string;
  status: PostingStatus;
  returnReason: string;
  closeReason: string;
  hired: number;
  posting: Posting;
  organization: OrgRef;
  history: EventView[];
  applications: Record<string, number>;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  publishedAt: string | null;
  editable: boolean;
  next: string[];
}

export interface Summary {
  id: number;
  slug: string;
  kind: Kind;
  title: string;
  excerpt: string;
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
  status: PostingStatus;
  saved: boolean;
  languages: string[];
}

export interface Page {
  items: Summary[];
  next: string;
}

/** A posting in the organisation's list, with its applications in every status. */
export interface OrgSummary extends Summary {
  applications: number;
}

/** How much of one of its plan's limits the organisation uses (max -1: no limit). */
export interface PlanUsage {
  plan: string;
  code: string;
  used: number;
  max: number;
}

export interface OrgPage {
  items: OrgSummary[];
  next: string;
  /** The organisation's open postings against its plan's limit. */
  usage: PlanUsage;
}

export interface OrgView {
  id: number;
  name: string;
  slug: string;
  descriptionEn: string;
  descriptionMn: string;
  website: string;
  country: string;
  city: string;
  registrationNumber: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  status: OrgStatus;
  reason: string;
  requestedAt: string | null;
  postings: Record<string, number>;
}

export type OrgRequest = Pick<
  OrgView,
  'descriptionEn' | 'descriptionMn' | 'website' | 'country' | 'city' | 'registrationNumber' | 'contactName' | 'contactEmail' | 'contactPhone'
> & { verify: boolean };

export interface Queue {
  postings: Editor[];
  organizations: OrgView[];
  postingsWaiting: number;
  oldestPosting: string | null;
  organizationsWaiting: number;
  oldestOrganization: string | null;
}

export interface DecisionResult {
  done: number[];
  refused: Record<string, string>;
}

export interface Applicant {
  id: number;
  opportunityId: number;
  opportunity: string;
  name: string;
  email: string;
  status: AppStatus;
  labels: string[];
  meetsMustHaves: boolean;
  createdAt: string;
  updatedAt: string;
  waiting: boolean;
}

export interface AnswerView {
  question: string;
  answer: string;
  meets: boolean | null;
}

export interface DocumentView {
  id: number;
  kind: string;
  name: string;
  size: number;
  mediaType: string;
}

export interface ApplicantDetail extends Applicant {
  documents: DocumentView[];
  profile: { firstName: string; lastName: string; email: string; dateOfBirth: string; language: string };
  coverLetter: string;
  answers: AnswerView[];
  message: string;
  timeline: EventView[];
  next: string[];
}

export interface Pipeline {
  items: Applicant[];
  next: string;
  counts?: Record<string, number>;
}

export interface MoveResult {
  done: number[];
  refused: Record<string, string>;
}
