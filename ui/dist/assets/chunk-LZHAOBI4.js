import"./chunk-O2XFH626.js";var s={forums:{title:"Forums",description:"Communities and forums where Gerege members share their experience."}},i={pages:s};export{i as default,s as pages};
