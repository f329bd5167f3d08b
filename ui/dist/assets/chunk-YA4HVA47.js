import"./chunk-O2XFH626.js";var e={documents:{cv:"CV",cover_letter:"Cover letter",transcript:"Transcript"}},c={opportunities:e};export{c as default,e as opportunities};
