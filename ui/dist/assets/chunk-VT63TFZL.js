import"./chunk-O2XFH626.js";var r={terms:{title:"Terms of Service",description:"The terms that apply when you use Gerege."}},s={pages:r};export{s as default,r as pages};
