import"./chunk-O2XFH626.js";var i={privacy:{title:"Privacy Policy",description:"How Gerege collects, uses and protects your personal information."}},r={pages:i};export{r as default,i as pages};
