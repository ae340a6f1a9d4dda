"""PyTorch calls judged by name, torch never imported by the analysis (torch_calls.py).

`torch.save` into a folder nothing made, tensors built from a DataFrame or from an array
holding text, float64 tensors into float32 layers, widths a layer does not take, and loss
targets of another size or dtype fail as torch 2 says. Each snippet runs for real
(conftest.run_real: train.csv is six penguins rows; `island` and `species` are text).
"""

from __future__ import annotations

from collections.abc import Callable

from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "import torch\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "NUM = ['bill_length_mm', 'flipper_length_mm']\n"
    "X = train.drop(columns=['species'])\n"
)
NET = (
    "from torch import nn\n"
    "from torch.utils.data import DataLoader, Dataset, TensorDataset\n"
    "y = (train['species'] == 'Adelie').to_numpy(dtype=np.float32)\n"
    "F64 = X[NUM].fillna(0).to_numpy()\n"
    "F32 = X[NUM].fillna(0).to_numpy(dtype=np.float32)\n"
    "class Net(nn.Module):\n"
    "    def __init__(self, d_in, d_out=1):\n"
    "        super().__init__()\n"
    "        self.body = nn.Sequential(nn.Linear(d_in, 8), nn.ReLU(), nn.Dropout(0.1))\n"
    "        self.head = nn.Linear(8, d_out)\n"
    "    def forward(self, x):\n"
    "        return self.head(self.body(x))\n"
)
LOADER = (
    "loader = DataLoader(TensorDataset(torch.from_numpy(F32), torch.from_numpy(y)), batch_size=4)\n"
)
TRAIN = (
    "model = Net(F32.shape[1]).to('cpu')\n"
    "loss_fn = nn.BCEWithLogitsLoss()\n"
    "for epoch in range(30):\n"
    "    model.train()\n"
    "    for xb, yb in loader:\n"
)
SCALED = (
    "from sklearn.preprocessing import StandardScaler\n"
    "X[NUM] = StandardScaler().fit_transform(X[NUM].fillna(0))\n"
)

CRASHES = {
    "saved_into_a_folder_never_made": (
        READ + "torch.save({'epoch': 1}, './checkpoints/best.pt')\n",
        "files",
    ),
    "saved_into_a_path_folder_never_made": (
        READ + "from pathlib import Path\n"
        "OUT = Path('models')\n"
        "torch.save({'epoch': 1}, OUT / 'best.pt')\n",
        "files",
    ),
    "a_frame_with_text_as_a_tensor_in_a_helper": (
        READ + "def to_tensor(frame):\n"
        "    return torch.tensor(frame.values, dtype=torch.float32)\n"
        "xt = to_tensor(X)\n",
        "torch",
    ),
    "a_rebuilt_frame_with_text_as_a_tensor": (
        READ + SCALED + "xt = torch.tensor(X.values, dtype=torch.float32)\n",
        "torch",
    ),
    "text_from_numpy_imported_by_name": (
        READ + "from torch import from_numpy\nxt = from_numpy(X.to_numpy())\n",
        "torch",
    ),
    "a_frame_itself_as_a_tensor": (
        READ + "xt = torch.tensor(X[NUM].fillna(0), dtype=torch.float32)\n",
        "torch",
    ),
    "a_frame_itself_from_numpy": (
        READ + "xt = torch.from_numpy(X[NUM])\n",
        "torch",
    ),
}
CRASHES.update(
    {
        "float64_into_a_linear_layer": (
            READ + NET + "out = nn.Linear(2, 1)(torch.from_numpy(F64))\n",
            "torch",
        ),
        "float64_into_the_programs_module": (
            READ + NET + "model = Net(2)\nout = model(torch.tensor(F64))\n",
            "torch",
        ),
        "a_width_the_layer_does_not_take": (
            READ + NET + "out = Net(3)(torch.tensor(F32))\n",
            "torch",
        ),
        "a_bce_target_of_another_size": (
            READ + NET + LOADER + TRAIN + "        loss = loss_fn(model(xb), yb)\n",
            "torch",
        ),
        "float_class_labels_to_cross_entropy": (
            READ + NET + LOADER + "model = Net(2, 3)\n"
            "for xb, yb in loader:\n"
            "    loss = nn.CrossEntropyLoss()(model(xb), yb)\n",
            "torch",
        ),
        "the_programs_dataset_class": (
            READ + NET + "class Rows(Dataset):\n"
            "    def __init__(self, X, y):\n"
            "        self.X, self.y = torch.from_numpy(X), torch.from_numpy(y)\n"
            "    def __len__(self):\n"
            "        return len(self.y)\n"
            "    def __getitem__(self, i):\n"
            "        return self.X[i], self.y[i]\n"
            "loader = DataLoader(Rows(F32, y), batch_size=4, shuffle=True)\n"
            + TRAIN
            + "        loss = loss_fn(model(xb), yb)\n",
            "torch",
        ),
        "float64_into_batch_norm": (
            READ + NET + "out = nn.BatchNorm1d(2)(torch.from_numpy(F64))\n",
            "torch",
        ),
    }
)
VALID = {
    "saved_into_a_folder_made_first": (
        READ + "import os\n"
        "os.makedirs('checkpoints', exist_ok=True)\n"
        "torch.save({'epoch': 1}, './checkpoints/best.pt')\n"
    ),
    "saved_into_the_working_folder": (READ + "torch.save({'epoch': 1}, 'working/best.pt')\n"),
    "numbers_as_a_tensor": (READ + "xt = torch.tensor(X[NUM].values, dtype=torch.float32)\n"),
    "a_rebuilt_frame_of_numbers_as_a_tensor": (
        READ + SCALED + "xt = torch.tensor(X[NUM].values, dtype=torch.float32)\n"
    ),
    "dummies_as_a_tensor": (
        READ + "D = pd.get_dummies(X[['island', 'bill_length_mm']], dtype=float)\n"
        "xt = torch.tensor(D.values, dtype=torch.float32)\n"
    ),
    "float32_from_numpy": (READ + "xt = torch.from_numpy(X[NUM].to_numpy(np.float32))\n"),
    "labels_as_a_tensor": (
        READ + "y = train['species'].astype('category').cat.codes.values\n"
        "yt = torch.tensor(y, dtype=torch.long)\n"
    ),
    "float32_into_the_programs_module": (READ + NET + "out = Net(2)(torch.tensor(F32))\n"),
    "float64_cast_to_float32": (READ + NET + "out = Net(2)(torch.from_numpy(F64).float())\n"),
    "a_module_cast_to_float64": (
        READ + NET + "model = Net(2)\nmodel.double()\nout = model(torch.from_numpy(F64))\n"
    ),
    "float64_made_the_default": (
        READ + NET + "torch.set_default_dtype(torch.float64)\n"
        "out = Net(2)(torch.from_numpy(F64))\n"
        "torch.set_default_dtype(torch.float32)\n"  # the snippets share one interpreter
    ),
    "python_floats_take_the_default_float64": (
        READ + NET + "torch.set_default_dtype(torch.float64)\n"
        "out = nn.Linear(2, 1)(torch.tensor([0.5, 1.5]))\n"
        "torch.set_default_dtype(torch.float32)\n"
    ),
    "a_legacy_tensor_takes_the_default_float64": (
        READ + NET + "torch.set_default_dtype(torch.float64)\n"
        "out = Net(2)(torch.Tensor(F32))\n"
        "torch.set_default_dtype(torch.float32)\n"
    ),
    "a_bce_target_given_its_column": (
        READ + NET + LOADER + TRAIN + "        loss = loss_fn(model(xb), yb.unsqueeze(1))\n"
    ),
    "a_bce_output_squeezed": (
        READ + NET + LOADER + TRAIN + "        loss = loss_fn(model(xb).squeeze(1), yb)\n"
    ),
    "a_bce_target_viewed_as_a_column": (
        READ + NET + LOADER + TRAIN + "        loss = loss_fn(model(xb), yb.view(-1, 1))\n"
    ),
    "long_class_labels_to_cross_entropy": (
        READ + NET + LOADER + "model = Net(2, 3)\n"
        "for xb, yb in loader:\n"
        "    loss = nn.CrossEntropyLoss()(model(xb), yb.long())\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)


def test_torch_loaded_in_this_process_changes_nothing(
    real: dict[str, str | None], assert_named: Callable[..., None]
) -> None:
    """A server that loaded torch (an HF model) predicts what a fresh process does."""
    import torch  # noqa: F401

    for name in ("float64_into_the_programs_module", "saved_into_a_folder_never_made"):
        program, detector = CRASHES[name]
        assert_named(program, detector, real[name])
