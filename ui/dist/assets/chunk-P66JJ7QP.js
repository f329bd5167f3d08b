import"./chunk-O2XFH626.js";var r={individual:"Хувь хүн",enterprise:"Байгууллага",owner:"Эзэмшигч",manager:"Менежер",counselor:"Зөвлөх",admin:"Админ"},i={roles:r};export{i as default,r as roles};
