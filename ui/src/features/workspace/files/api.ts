// The file manager's calls (app/workspace/filemanager, /api/files) and the upload with a
// progress report (XMLHttpRequest: fetch cannot report upload progress).
import i18next from 'i18next';
import { del, get, patch, post, type ApiError } from '../../../lib/api';
import type { Resp, Schema } from '../../../lib/apitypes';

export type Listing = Resp<'listFiles'>;
export type FileItem = Schema<'FilemanagerFileView'>;
export type Folder = Schema<'FilemanagerFolderView'>;
export type Detail = Resp<'getFile'>;
export type Trash = Resp<'listFileTrash'>;
export type Space = 'me' | 'org';

const qs = (o: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(o).filter(([, v]) => v !== undefined && v !== '' && v !== 0).map(([k, v]) => [k, String(v)])).toString();

export const listFiles = (space: Space, folder: number) => get<Listing>(`/files?${qs({ space, folder })}`);
export const listFolders = (space: Space) => get<Resp<'listFileFolders'>>(`/files/folders?${qs({ space })}`);
export const listShared = () => get<Resp<'listSharedFiles'>>('/files/shared');
export const listTrash = (space: Space) => get<Trash>(`/files/trash?${qs({ space })}`);
export const contacts = (q: string) => get<Resp<'listFileContacts'>>(`/files/contacts?${qs({ q })}`);
export const createFolder = (space: Space, parentId: number, name: string) => post<Folder>('/files/folders', { space, parentId, name });
export const changeFolder = (id: number, body: { name?: string; folderId?: number }) => patch<Folder>(`/files/folders/${id}`, body);
export const trashFolder = (id: number) => del<Folder>(`/files/folders/${id}`);
export const restoreFolder = (id: number) => post<Folder>(`/files/folders/${id}/restore`, {});
export const purgeFolder = (id: number) => post<void>(`/files/folders/${id}/purge`, {});
export const getFile = (id: number) => get<Detail>(`/files/items/${id}`);
export const changeFile = (id: number, body: { name?: string; folderId?: number }) => patch<FileItem>(`/files/items/${id}`, body);
export const trashFile = (id: number) => del<FileItem>(`/files/items/${id}`);
export const restoreFile = (id: number) => post<FileItem>(`/files/items/${id}/restore`, {});
export const purgeFile = (id: number) => post<void>(`/files/items/${id}/purge`, {});
export const share = (id: number, userId: number) => post<Resp<'shareFile'>>(`/files/items/${id}/shares`, { userId });
export const unshare = (id: number, userId: number) => del<Resp<'unshareFile'>>(`/files/items/${id}/shares/${userId}`);
export const downloadHref = (id: number) => `/api/files/items/${id}/download`;
export const previewHref = (id: number) => `/api/files/items/${id}/preview`;
export const filePath = (id: number) => `/dashboard/file?id=${id}`;

/**
 * Uploads one file into a folder, reporting progress (0–100) as the bytes leave; resolves
 * with the stored file, rejects with the server's localized error (or a network error).
 */
export function upload(space: Space, folder: number, file: File, onProgress: (percent: number) => void): Promise<FileItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/files/upload?${qs({ space, folder })}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (i18next.language) xhr.setRequestHeader('Accept-Language', i18next.language);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 201) return resolve(body as FileItem);
      const err = (body ?? {}) as ApiError;
      reject({ message: err.message ?? i18next.t('fileManager.uploads.network'), code: err.code, status: xhr.status } satisfies ApiError);
    };
    xhr.onerror = () => reject({ message: i18next.t('fileManager.uploads.network') } satisfies ApiError);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** A copy of the file (the same bytes) to attach to a chat message by its fileId. */
export const attachmentCopy = (id: number) => post<Resp<'copyFileForAttachment'>>(`/files/items/${id}/attachment`, {});
export const conversations = () => get<Resp<'listChatConversations'>>('/chat/conversations');
export const sendToChat = (conversation: number, fileId: number, body: string) =>
  post<Resp<'sendChatMessage'>>(`/chat/conversations/${conversation}/messages`, {
    clientId: typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`,
    body,
    fileId,
  });
