var r="/direction-board",e="/direction-board/result",n="/direction-board/sent",d=o=>`/direction-board/results/${encodeURIComponent(o)}`;export{r as a,e as b,n as c,d};
