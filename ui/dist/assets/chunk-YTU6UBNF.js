import"./chunk-O2XFH626.js";var i={terms:{title:"Үйлчилгээний нөхцөл",description:"Gerege-ийг ашиглахад мөрдөх нөхцөл."}},r={pages:i};export{r as default,i as pages};
