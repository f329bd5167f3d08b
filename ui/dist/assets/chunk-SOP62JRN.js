<<<<<<<< HEAD:ui/dist/assets/chunk-5ZTNCDVE.js
import{z as o}from"./chunk-27MV6KA7.js";function u({variant:t="primary",type:n="button",class:r,...e}){let a=[t==="primary"?"":t,r].filter(Boolean).join(" ");return o("button",{type:n,class:a||void 0,...e})}export{u as a};
========
import{z as o}from"./chunk-G2MU5C7I.js";function u({variant:t="primary",type:n="button",class:r,...e}){let a=[t==="primary"?"":t,r].filter(Boolean).join(" ");return o("button",{type:n,class:a||void 0,...e})}export{u as a};
>>>>>>>> ab32a275 (Opportunities dashboard UI: postings (/dashboard/job, /dashboard/tour: list, detail with history and moves, editor with screening questions and nested field errors), applicant board (/dashboard/kanban: drag and drop, keyboard moves, bulk, detail dialog, table, exports), approval queue (/dashboard/approvals), organisation verification on /dashboard/organization; pages declared in Go (jobs, tours, kanban, approvals)):ui/dist/assets/chunk-SOP62JRN.js
