import"./chunk-O2XFH626.js";var n={answers:{yes:"Тийм",no:"Үгүй"}},o={opportunities:n};export{o as default,n as opportunities};
