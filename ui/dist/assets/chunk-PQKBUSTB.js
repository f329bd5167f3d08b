import"./chunk-O2XFH626.js";var o={workplaces:{on_site:"On site",remote:"Remote",hybrid:"Hybrid"}},t={opportunities:o};export{t as default,o as opportunities};
