/** The poll of a post or topic, with voting and results (the discussion part builds it; a stub until then). */
export function Poll(_props: { postId: number }) {
  return null;
}

/** Attach or edit the poll of a saved post or topic (the discussion part builds it; a stub until then). */
export function PollEditor(_props: { postId: number }) {
  return null;
}
