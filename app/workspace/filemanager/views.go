package filemanager

import (
	"mime/multipart"
	"time"
)

// SpaceQuery names a space: "me" (the caller's own, the default) or "org" (their organisation's).
type SpaceQuery struct {
	Space string `query:"space" enum:"me,org" description:"me (one's own files, the default) or org (the organisation's)"`
}

// ListQuery is the query of a folder's listing.
type ListQuery struct {
	Space  string `query:"space" enum:"me,org" description:"me (one's own files, the default) or org (the organisation's)"`
	Folder int64  `query:"folder" minimum:"0" description:"the folder; the space's root when absent"`
}

// ContactsQuery is the query of the people one may share with.
type ContactsQuery struct {
	Q string `query:"q" maxLength:"80" description:"part of a name"`
}

// Quota is a space's storage: used and free bytes of its limit (the trash counts until it is emptied).
type Quota struct {
	Used  int64 `json:"used"`
	Limit int64 `json:"limit"`
	Free  int64 `json:"free"`
}

// FolderView is one folder.
type FolderView struct {
	ID        int64      `json:"id"`
	Name      string     `json:"name"`
	ParentID  int64      `json:"parentId" description:"0: the space's root"`
	Space     string     `json:"space" enum:"me,org"`
	CreatedAt time.Time  `json:"createdAt"`
	UpdatedAt time.Time  `json:"updatedAt"`
	TrashedAt *time.Time `json:"trashedAt,omitempty"`
	PurgeAt   *time.Time `json:"purgeAt,omitempty" description:"when a trashed folder is deleted for good"`
}

// FileView is one file.
type FileView struct {
	ID        int64      `json:"id"`
	Name      string     `json:"name"`
	FolderID  int64      `json:"folderId"`
	Space     string     `json:"space" enum:"me,org,shared"`
	Size      int64      `json:"size"`
	MediaType string     `json:"mediaType"`
	Preview   string     `json:"preview" enum:"pdf,image,none" description:"how the file page shows it"`
	Uploader  string     `json:"uploader"`
	CreatedAt time.Time  `json:"createdAt"`
	UpdatedAt time.Time  `json:"updatedAt"`
	TrashedAt *time.Time `json:"trashedAt,omitempty"`
	PurgeAt   *time.Time `json:"purgeAt,omitempty"`
	SharedBy  string     `json:"sharedBy,omitempty" description:"Shared with me: who shared it"`
	SharedAt  *time.Time `json:"sharedAt,omitempty"`
}

// Crumb is one folder of the path to the folder shown.
type Crumb struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Listing is one folder of a space: its subfolders and files, the path to it, the space's quota.
type Listing struct {
	Space    string       `json:"space" enum:"me,org"`
	Folder   int64        `json:"folder"`
	Path     []Crumb      `json:"path"`
	Folders  []FolderView `json:"folders"`
	Files    []FileView   `json:"files"`
	Quota    Quota        `json:"quota"`
	CanWrite bool         `json:"canWrite"`
	HasOrg   bool         `json:"hasOrg" description:"the caller has an organisation space"`
	OrgName  string       `json:"orgName"`
	MaxFile  int64        `json:"maxFile" description:"the largest file accepted, in bytes"`
}

// TrashList is a space's trash.
type TrashList struct {
	Space         string       `json:"space" enum:"me,org"`
	Folders       []FolderView `json:"folders"`
	Files         []FileView   `json:"files"`
	Quota         Quota        `json:"quota"`
	CanWrite      bool         `json:"canWrite"`
	RetentionDays int          `json:"retentionDays"`
}

// SharedList is the files shared with the caller.
type SharedList struct {
	Files []FileView `json:"files"`
}

// FolderList is every folder of a space (the move dialog).
type FolderList struct {
	Folders []FolderView `json:"folders"`
}

// ShareView is one person a file is shared with.
type ShareView struct {
	UserID    int64     `json:"userId"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
}

// FileDetail is the file page: the file, the path to its folder, who it is shared with, what
// the caller may do.
type FileDetail struct {
	File     FileView    `json:"file"`
	Path     []Crumb     `json:"path"`
	Shares   []ShareView `json:"shares" description:"empty for someone the file is only shared with"`
	CanWrite bool        `json:"canWrite"`
}

// ShareList is who a file is shared with.
type ShareList struct {
	Shares []ShareView `json:"shares"`
}

// ContactView is a person one may share with.
type ContactView struct {
	UserID int64  `json:"userId"`
	Name   string `json:"name"`
}

// ContactList is the people one may share with.
type ContactList struct {
	Items []ContactView `json:"items"`
}

// FolderRequest creates a folder.
type FolderRequest struct {
	Space    string `json:"space" enum:"me,org"`
	ParentID int64  `json:"parentId" minimum:"0"`
	Name     string `json:"name" maxLength:"200"`
}

// ChangeRequest renames or moves a folder or a file (absent fields are left as they are).
type ChangeRequest struct {
	Name     *string `json:"name,omitempty" maxLength:"200"`
	FolderID *int64  `json:"folderId,omitempty" minimum:"0" description:"move into this folder of the same space (0: the root)"`
}

// ShareRequest shares a file with a person.
type ShareRequest struct {
	UserID int64 `json:"userId" minimum:"1"`
}

// Upload is the multipart/form-data body of an upload.
type Upload struct {
	File *multipart.FileHeader `formData:"file" description:"the file: PDF, Word, PNG, JPEG, WebP or GIF (by content), up to 25 MB and the space's free room"`
}

// UploadQuery says where an upload goes.
type UploadQuery struct {
	Space  string `query:"space" enum:"me,org" description:"me (the default) or org"`
	Folder int64  `query:"folder" minimum:"0" description:"the folder; the root when absent"`
}

// AttachmentView is a copy of a file ready to attach to a chat message (its fileId).
type AttachmentView struct {
	FileID    int64  `json:"fileId"`
	Name      string `json:"name"`
	MediaType string `json:"mediaType"`
	Size      int64  `json:"size"`
}

// Exported is the file manager's part of a person's data.
type Exported struct {
	Folders []ExportedFolder `json:"folders"`
	Files   []ExportedFile   `json:"files"`
	Shared  []ExportedShare  `json:"sharedByMe"`
}

// ExportedFolder is one folder of the person's own space.
type ExportedFolder struct {
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
	Trashed   bool      `json:"trashed"`
}

// ExportedFile is one file of the person's own space (its content is downloadable from the file manager).
type ExportedFile struct {
	Name      string    `json:"name"`
	Size      int64     `json:"size"`
	MediaType string    `json:"mediaType"`
	CreatedAt time.Time `json:"createdAt"`
	Trashed   bool      `json:"trashed"`
}

// ExportedShare is a file the person shared, and with whom.
type ExportedShare struct {
	File string `json:"file"`
	With string `json:"with"`
}
