import json
from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor


@dataclass
class Settings:
    valid_share: float = 0.2
    n_estimators: int = 600
    learning_rate: float = 0.03
    num_leaves: int = 24


class BirthsForecaster:
    FEATURES = ["t", "year", "month", "day_of_month", "day_of_year", "day_of_week"]

    def __init__(self, settings: Settings):
        self.settings = settings
        self.model = LGBMRegressor(
            objective="l1",
            n_estimators=settings.n_estimators,
            learning_rate=settings.learning_rate,
            num_leaves=settings.num_leaves,
            verbose=-1,
        )

    @staticmethod
    def prepare(df: pd.DataFrame) -> pd.DataFrame:
        df = df.copy()
        df["t"] = (pd.to_datetime(df["date"]) - pd.Timestamp("1969-01-01")).dt.days
        return df

    def fit(self, df: pd.DataFrame) -> "BirthsForecaster":
        df = self.prepare(df)
        self.model.fit(df[self.FEATURES], df["births"])
        return self

    def predict(self, df: pd.DataFrame) -> np.ndarray:
        return self.model.predict(self.prepare(df)[self.FEATURES])


def main() -> None:
    settings = Settings()
    train = pd.read_csv("./input/train.csv").sort_values("date").reset_index(drop=True)
    test = pd.read_csv("./input/test.csv")
    cut = int(len(train) * (1 - settings.valid_share))
    model = BirthsForecaster(settings).fit(train.iloc[:cut])
    mae = float(np.mean(np.abs(model.predict(train.iloc[cut:]) - train["births"].iloc[cut:])))
    print(json.dumps({"settings": asdict(settings), "valid_mae": round(mae, 2)}))
    final = BirthsForecaster(settings).fit(train)
    pd.DataFrame({"id": test["id"], "births": final.predict(test)}).to_csv("./submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
