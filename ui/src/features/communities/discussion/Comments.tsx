/** Comments on a post, or replies in a topic (the discussion part builds it; a stub until then). */
export function Comments(_props: { postId: number; locked?: boolean }) {
  return null;
}
