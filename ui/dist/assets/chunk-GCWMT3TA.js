import"./chunk-O2XFH626.js";var i={workplaces:{on_site:"Ажлын байран дээр",remote:"Зайнаас",hybrid:"Хосолсон"}},r={opportunities:i};export{r as default,i as opportunities};
