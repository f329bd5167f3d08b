// The opportunities API's shapes: aliases of the generated types (lib/apitypes.ts, named by
// operationId or schema). Lists the document says may be null (Go slices) are read with ?? [].
import type { Body, Resp, Schema } from '../../lib/apitypes';

export type Summary = Schema<'OpportunitiesSummary'>;
export type Pay = Schema<'OpportunitiesPay'>;
export type Page = Resp<'searchOpportunities'>;
export type Detail = Resp<'getOpportunity'>;
export type PublicOrg = Resp<'getOrganizationPage'>;
export type Options = Resp<'getOpportunityOptions'>;
export type MyApplication = Resp<'applyToOpportunity'>;
export type MyApplications = Resp<'listMyApplications'>;
export type TimelineEvent = Schema<'OpportunitiesEventView'>;
export type ApplyRequest = Body<'applyToOpportunity'>;
export type MyFileChoices = Resp<'listMyApplicationFiles'>;
export type MyFileChoice = Schema<'OpportunitiesMyFileChoice'>;
export type Question = Schema<'OpportunitiesQuestionView'>;
