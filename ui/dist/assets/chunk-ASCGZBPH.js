import"./chunk-O2XFH626.js";var r={payPeriods:{hour:"цагт",month:"сард",year:"жилд",total:"нийт"}},a={opportunities:r};export{a as default,r as opportunities};
