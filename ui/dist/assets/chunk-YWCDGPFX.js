var s=t=>t==="mn"?["lastName","firstName"]:["firstName","lastName"],m=(t,r,a)=>s(t).map(e=>(e==="firstName"?r:a).trim()).filter(Boolean).join(" ");export{s as a,m as b};
