import"./chunk-O2XFH626.js";var r={forums:{title:"Форум",description:"Gerege-ийн гишүүд туршлагаасаа хуваалцдаг нийгэмлэг, форумууд."}},s={pages:r};export{s as default,r as pages};
