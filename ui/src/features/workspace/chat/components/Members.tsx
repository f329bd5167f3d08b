// A group's members panel: the list (the admin marked), and for the admin: rename, add by
// search (people they may talk to), remove; for everyone: leave.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../../lib/api';
import { Alert } from '../../../../ui/Alert';
import { addMembers, contacts as findContacts, type Contact, type Conversation, leaveGroup, removeMember, renameGroup } from '../api';

const P = 'chat.page';

export function Members({ conv, me, onChange }: { conv: Conversation; me: number; onChange: (c: Conversation) => void }) {
  const { t } = useTranslation();
  const admin = conv.adminId === me;
  const [title, setTitle] = useState(conv.title);
  const [titleError, setTitleError] = useState('');
  const [error, setError] = useState('');
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Contact[] | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!admin) return;
    const timer = setTimeout(
      () =>
        findContacts(q).then(
          (r) => setFound(r.items),
          (err: ApiError) => setError(err.message),
        ),
      200,
    );
    return () => clearTimeout(timer);
  }, [q, admin]);

  const done = (c: Conversation) => {
    setError('');
    onChange(c);
  };
  const failed = (err: ApiError) => setError(err.errors ? Object.values(err.errors)[0] : err.message);

  const rename = (e: Event) => {
    e.preventDefault();
    renameGroup(conv.id, title).then(
      (c) => {
        setTitleError('');
        done(c);
      },
      (err: ApiError) => {
        if (err.errors?.title) {
          setTitleError(err.errors.title);
          titleInput.current?.focus();
        } else failed(err);
      },
    );
  };
  const add = (c: Contact) =>
    addMembers(conv.id, [c.userId]).then((x) => {
      done(x);
      heading.current?.focus();
    }, failed);
  const remove = (userId: number) =>
    removeMember(conv.id, userId).then((x) => {
      done(x);
      heading.current?.focus();
    }, failed);
  const leave = () => {
    if (window.confirm(t(`${P}.confirmLeave`))) leaveGroup(conv.id).then(done, failed);
  };

  const addable = (found ?? []).filter((c) => !conv.members.some((m) => m.userId === c.userId));
  return (
    <section id="chat-members" class="chat__members" aria-labelledby="chat-members-heading">
      <h3 id="chat-members-heading" tabIndex={-1} ref={heading}>
        {t(`${P}.membersHeading`)}
      </h3>
      {error && <Alert variant="error">{error}</Alert>}
      <ul>
        {conv.members.map((m) => (
          <li key={m.userId}>
            {m.userId === me ? t(`${P}.you`) : m.name}
            {m.userId === conv.adminId && <small> · {t(`${P}.admin`)}</small>}
            {admin && m.userId !== me && (
              <>
                {' '}
                <button type="button" class="secondary outline" onClick={() => remove(m.userId)}>
                  {t(`${P}.removeMember`, { name: m.name })}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {admin && (
        <>
          <form onSubmit={rename}>
            <label for="chat-rename">{t(`${P}.rename`)}</label>
            <input
              id="chat-rename"
              ref={titleInput}
              value={title}
              maxLength={80}
              aria-invalid={titleError ? 'true' : undefined}
              aria-describedby={titleError ? 'chat-rename-error' : undefined}
              onInput={(e) => setTitle((e.target as HTMLInputElement).value)}
            />
            {titleError && (
              <small id="chat-rename-error" class="field-error">
                {titleError}
              </small>
            )}
            <button type="submit" class="secondary">
              {t(`${P}.saveName`)}
            </button>
          </form>
          <h4>{t(`${P}.addPeople`)}</h4>
          <label for="chat-add-find">{t(`${P}.findPerson`)}</label>
          <input id="chat-add-find" type="search" value={q} aria-describedby="chat-add-hint" onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
          <small id="chat-add-hint">{t(`${P}.findHint`)}</small>
          {found && addable.length === 0 && <p>{t(`${P}.noContacts`)}</p>}
          {addable.length > 0 && (
            <ul>
              {addable.map((c) => (
                <li key={c.userId}>
                  <button type="button" class="secondary outline" onClick={() => add(c)}>
                    {t(`${P}.addPerson`, { name: c.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <button type="button" class="secondary outline" onClick={leave}>
        {t(`${P}.leave`)}
      </button>
    </section>
  );
}
