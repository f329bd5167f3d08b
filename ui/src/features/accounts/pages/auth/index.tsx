// The sign-in pages: one chunk, loaded when one of them is shown.
export { ForgotPassword } from './ForgotPassword';
export { Invitation } from './Invitation';
export { Login } from './Login';
export { NewPassword } from './NewPassword';
export { Register } from './Register';
export { Verify } from './Verify';
