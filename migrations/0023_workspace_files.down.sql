DROP TABLE workspace_file_shares;
DROP TABLE workspace_files;
DROP TABLE workspace_folders;
