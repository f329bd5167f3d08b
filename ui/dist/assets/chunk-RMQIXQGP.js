import{b as n,g as e,k as t}from"./chunk-VIHNHZZ4.js";function i(){let[o]=t(),[l,s]=n(null),r=e(u=>s(u?o:null),[o]);return[l===o,r]}export{i as a};
