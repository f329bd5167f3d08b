import"./chunk-O2XFH626.js";var o={answers:{yes:"Yes",no:"No"}},n={opportunities:o};export{n as default,o as opportunities};
