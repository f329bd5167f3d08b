// The workspace home's pages: one chunk.
export { Home } from './Home';
export { Permissions } from './Permissions';
export { Blank } from './Blank';
