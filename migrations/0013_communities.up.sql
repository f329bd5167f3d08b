-- Communities (app/communities): communities run by their own admins and moderators, their
-- forums, posts and topics (a topic is a post in a forum), comments and replies, polls,
-- follows, reports with the 24-hour clock, moderation decisions and appeals, blocks and mutes.
-- Ids grow with time, so "latest" and "oldest" orders and keyset paging use the id.

-- A person's public handle for @mentions and their community profile.
CREATE TABLE community_profiles (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    handle     TEXT NOT NULL COLLATE NOCASE UNIQUE, -- [a-z0-9_.]{3,30}, from the name transliterated
    bio        TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE communities (
    id              INTEGER PRIMARY KEY,
    slug            TEXT NOT NULL UNIQUE,
    name_en         TEXT NOT NULL DEFAULT '',
    name_mn         TEXT NOT NULL DEFAULT '',
    description_en  TEXT NOT NULL DEFAULT '', -- Markdown
    description_mn  TEXT NOT NULL DEFAULT '',
    rules_en        TEXT NOT NULL DEFAULT '', -- Markdown
    rules_mn        TEXT NOT NULL DEFAULT '',
    visibility      TEXT NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'members')),
    join_policy     TEXT NOT NULL DEFAULT 'open' CHECK (join_policy IN ('open', 'approval')),
    -- requested: an enterprise asked for it and a platform admin decides; active: running;
    -- rejected: the request was refused (reason); suspended: closed by platform admins.
    status          TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('requested', 'active', 'rejected', 'suspended')),
    reason          TEXT NOT NULL DEFAULT '',
    organization_id INTEGER REFERENCES organizations (id) ON DELETE SET NULL, -- the school, NGO or company behind it
    -- Items hidden by this many independent open reports wait for a moderator (0: never).
    auto_hide       INTEGER NOT NULL DEFAULT 3 CHECK (auto_hide >= 0),
    member_count    INTEGER NOT NULL DEFAULT 0,
    post_count      INTEGER NOT NULL DEFAULT 0,
    created_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    decided_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    decided_at      TEXT
) STRICT;
CREATE INDEX communities_status_idx ON communities (status, member_count DESC, id);

CREATE TABLE community_members (
    community_id    INTEGER NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role            TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'moderator', 'member')),
    -- pending: asked to join a community with approval; suspended until suspended_until; banned.
    status          TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'suspended', 'banned')),
    suspended_until TEXT,
    warnings        INTEGER NOT NULL DEFAULT 0,
    joined_at       TEXT NOT NULL,
    PRIMARY KEY (community_id, user_id)
) WITHOUT ROWID, STRICT;
CREATE INDEX community_members_user_idx ON community_members (user_id, community_id);
CREATE INDEX community_members_role_idx ON community_members (community_id, role) WHERE role IN ('admin', 'moderator');

CREATE TABLE forums (
    id             INTEGER PRIMARY KEY,
    community_id   INTEGER NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    slug           TEXT NOT NULL,
    name_en        TEXT NOT NULL DEFAULT '',
    name_mn        TEXT NOT NULL DEFAULT '',
    description_en TEXT NOT NULL DEFAULT '',
    description_mn TEXT NOT NULL DEFAULT '',
    position       INTEGER NOT NULL DEFAULT 0,
    topic_count    INTEGER NOT NULL DEFAULT 0,
    created_at     TEXT NOT NULL,
    UNIQUE (community_id, slug)
) STRICT;

-- Posts and topics. A post is content (platform-wide when community_id is NULL: staff posts;
-- or in a community); a topic is a post in a forum, with replies (its comments).
CREATE TABLE posts (
    id               INTEGER PRIMARY KEY,
    kind             TEXT NOT NULL DEFAULT 'post' CHECK (kind IN ('post', 'topic')),
    slug             TEXT NOT NULL UNIQUE,          -- readable, Latin (Cyrillic transliterated)
    community_id     INTEGER REFERENCES communities (id) ON DELETE CASCADE,
    forum_id         INTEGER REFERENCES forums (id) ON DELETE CASCADE,
    author_id        INTEGER REFERENCES users (id) ON DELETE CASCADE,
    lang             TEXT NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'mn', 'both')),
    title            TEXT NOT NULL,
    body             TEXT NOT NULL DEFAULT '',      -- Markdown as written
    body_html        TEXT NOT NULL DEFAULT '',      -- rendered and sanitised once, on save
    excerpt          TEXT NOT NULL DEFAULT '',
    cover_file_id    INTEGER REFERENCES files (id) ON DELETE SET NULL, -- the resized cover (largest size)
    -- draft; scheduled (published at publish_at by a job); published; hidden (by moderators or
    -- by reports, waiting for a moderator); removed (by a moderator, with a reason).
    status           TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'published', 'hidden', 'removed')),
    publish_at       TEXT,
    published_at     TEXT,
    locked           INTEGER NOT NULL DEFAULT 0,    -- no new comments
    pinned           INTEGER NOT NULL DEFAULT 0,
    slow_mode        INTEGER NOT NULL DEFAULT 0,    -- minutes between one person's replies (topics)
    comment_count    INTEGER NOT NULL DEFAULT 0,
    last_activity_at TEXT NOT NULL,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    edited_at        TEXT
) STRICT;
CREATE INDEX posts_published_idx ON posts (kind, status, published_at DESC, id DESC);
CREATE INDEX posts_community_idx ON posts (community_id, kind, status, published_at DESC, id DESC);
CREATE INDEX posts_forum_idx ON posts (forum_id, status, pinned DESC, last_activity_at DESC, id DESC) WHERE forum_id IS NOT NULL;
CREATE INDEX posts_author_idx ON posts (author_id, id);
CREATE INDEX posts_scheduled_idx ON posts (publish_at) WHERE status = 'scheduled';

CREATE TABLE post_tags (
    post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    tag     TEXT NOT NULL, -- lowercase, folded
    PRIMARY KEY (post_id, tag)
) WITHOUT ROWID, STRICT;
CREATE INDEX post_tags_tag_idx ON post_tags (tag, post_id);

-- Full text of posts and topics (rowid = posts.id): title, tags and plain body, folded with
-- app/platform/search so Cyrillic and its Latin transliteration both match.
CREATE VIRTUAL TABLE post_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1);

-- Comments on posts and replies in topics; one level of replies (parent_id is a top-level comment).
CREATE TABLE comments (
    id          INTEGER PRIMARY KEY,
    post_id     INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    parent_id   INTEGER REFERENCES comments (id) ON DELETE CASCADE,
    author_id   INTEGER REFERENCES users (id) ON DELETE CASCADE,
    body        TEXT NOT NULL,
    body_html   TEXT NOT NULL,
    -- hidden: by reports, waiting for a moderator; removed: by a moderator; deleted: by its author.
    status      TEXT NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'hidden', 'removed', 'deleted')),
    reason      TEXT NOT NULL DEFAULT '',
    reply_count INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL,
    edited_at   TEXT
) STRICT;
CREATE INDEX comments_post_idx ON comments (post_id, parent_id, id);
CREATE INDEX comments_author_idx ON comments (author_id, id);

CREATE TABLE comment_mentions (
    comment_id INTEGER NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (comment_id, user_id)
) WITHOUT ROWID, STRICT;

-- A poll on a post or topic.
CREATE TABLE polls (
    id          INTEGER PRIMARY KEY,
    post_id     INTEGER NOT NULL UNIQUE REFERENCES posts (id) ON DELETE CASCADE,
    question    TEXT NOT NULL,
    multiple    INTEGER NOT NULL DEFAULT 0,
    max_choices INTEGER NOT NULL DEFAULT 0,   -- multiple choice: at most this many (0: any)
    closes_at   TEXT,                         -- NULL: open until the author closes it
    closed_at   TEXT,                         -- closed early by the author or a moderator
    results     TEXT NOT NULL DEFAULT 'always' CHECK (results IN ('always', 'after_vote', 'after_close')),
    voters      INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
) STRICT;

CREATE TABLE poll_options (
    id       INTEGER PRIMARY KEY,
    poll_id  INTEGER NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    label    TEXT NOT NULL,
    votes    INTEGER NOT NULL DEFAULT 0,
    UNIQUE (poll_id, position)
) STRICT;

-- One account's choices in a poll (several rows for a multiple-choice vote).
CREATE TABLE poll_votes (
    poll_id   INTEGER NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    option_id INTEGER NOT NULL REFERENCES poll_options (id) ON DELETE CASCADE,
    voted_at  TEXT NOT NULL,
    PRIMARY KEY (poll_id, user_id, option_id)
) WITHOUT ROWID, STRICT;

-- Following a community, a forum or a topic: notified in-app, and by email when email = 1.
CREATE TABLE follows (
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_type TEXT NOT NULL CHECK (target_type IN ('community', 'forum', 'topic')),
    target_id   INTEGER NOT NULL,
    email       INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (user_id, target_type, target_id)
) WITHOUT ROWID, STRICT;
CREATE INDEX follows_target_idx ON follows (target_type, target_id, user_id);

-- Reports: anything a person can see can be reported. community_id says who answers it
-- (NULL: platform admins). due_at is created_at + 24 h; the escalation job stamps the two
-- escalations and marks the report late.
CREATE TABLE reports (
    id             INTEGER PRIMARY KEY,
    target_type    TEXT NOT NULL CHECK (target_type IN ('post', 'comment', 'topic', 'poll', 'profile', 'community', 'opportunity')),
    target_id      INTEGER NOT NULL,
    community_id   INTEGER REFERENCES communities (id) ON DELETE CASCADE,
    target_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL, -- the author of the item (or the profile)
    reporter_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    reason         TEXT NOT NULL CHECK (reason IN ('spam', 'harassment', 'hate', 'violence', 'sexual', 'misinformation', 'illegal', 'other')),
    note           TEXT NOT NULL DEFAULT '',
    status         TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'actioned', 'dismissed')),
    decision_id    INTEGER,                   -- the moderation_actions row that answered it
    created_at     TEXT NOT NULL,
    due_at         TEXT NOT NULL,
    answered_at    TEXT,
    escalated_admins_at   TEXT,               -- 12 h: the community's admins were notified
    escalated_platform_at TEXT,               -- 24 h: platform admins were notified
    late           INTEGER NOT NULL DEFAULT 0 -- answered (or still open) after due_at
) STRICT;
CREATE UNIQUE INDEX reports_one_open_idx ON reports (reporter_id, target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_queue_idx ON reports (community_id, status, due_at, id);
CREATE INDEX reports_target_idx ON reports (target_type, target_id, status);
CREATE INDEX reports_open_due_idx ON reports (due_at) WHERE status = 'open';

-- Every moderation decision: the item's history.
CREATE TABLE moderation_actions (
    id             INTEGER PRIMARY KEY,
    community_id   INTEGER REFERENCES communities (id) ON DELETE CASCADE,
    target_type    TEXT NOT NULL,
    target_id      INTEGER NOT NULL,
    target_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    actor_id       INTEGER REFERENCES users (id) ON DELETE SET NULL, -- NULL: the platform (auto-hide)
    action         TEXT NOT NULL CHECK (action IN ('hide', 'remove', 'warn', 'suspend', 'ban', 'dismiss', 'restore', 'auto_hide', 'unban')),
    reason         TEXT NOT NULL DEFAULT '',
    until          TEXT,                      -- suspend: until when
    created_at     TEXT NOT NULL
) STRICT;
CREATE INDEX moderation_actions_target_idx ON moderation_actions (target_type, target_id, id);
CREATE INDEX moderation_actions_community_idx ON moderation_actions (community_id, id);

-- An author appeals a removal once; a different moderator or an admin decides.
CREATE TABLE appeals (
    id          INTEGER PRIMARY KEY,
    action_id   INTEGER NOT NULL UNIQUE REFERENCES moderation_actions (id) ON DELETE CASCADE,
    author_id   INTEGER REFERENCES users (id) ON DELETE CASCADE,
    note        TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'overturned')),
    decided_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    reason      TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    decided_at  TEXT
) STRICT;
CREATE INDEX appeals_open_idx ON appeals (status, id);

-- Block: the two no longer see or reach each other (the blocked person is not told).
-- Mute: the muter no longer sees the muted person's content.
CREATE TABLE blocks (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, blocked_id),
    CHECK (user_id <> blocked_id)
) WITHOUT ROWID, STRICT;
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, user_id);

CREATE TABLE mutes (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    muted_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, muted_id),
    CHECK (user_id <> muted_id)
) WITHOUT ROWID, STRICT;
