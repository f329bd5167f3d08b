export type ReportTarget = 'post' | 'comment' | 'topic' | 'poll' | 'profile' | 'community' | 'opportunity';

/** "Report" for anything a person can see (the moderation part builds it; a stub until then). */
export function ReportButton(_props: { target: ReportTarget; id: number }) {
  return null;
}

/** Block or mute a person (the moderation part builds it; a stub until then). */
export function PersonMenu(_props: { userId: number; name: string }) {
  return null;
}
