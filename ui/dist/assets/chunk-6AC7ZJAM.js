import"./chunk-O2XFH626.js";var t={payPeriods:{hour:"per hour",month:"per month",year:"per year",total:"in total"}},e={opportunities:t};export{e as default,t as opportunities};
