import"./chunk-O2XFH626.js";var r={documents:{cv:"CV (намтар)",cover_letter:"Хүсэлтийн бичиг",transcript:"Дүнгийн хуудас"}},c={opportunities:r};export{c as default,r as opportunities};
