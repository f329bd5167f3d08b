import"./chunk-O2XFH626.js";var a={userMenu:{dashboard:"Dashboard",profile:"Profile",account:"Account",signOut:"Sign out",signedOut:"You have signed out."}},e={auth:a};export{a as auth,e as default};
