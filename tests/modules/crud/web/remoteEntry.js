var crud = { get: function (name) { return Promise.resolve(function () { return { default: function ItemsPage() { return null; } }; }); }, init: function () {} };
